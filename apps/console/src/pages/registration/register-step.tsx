import { calls, type RegistrationNumber } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Button, Form, Input, type InputProps, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { sameAs } from '../../components/form/index.js';
import { useBusy } from './use-busy.js';

const PIN = /^\d{6}$/;

/** A six-digit PIN, hidden; a Form control. */
const PinInput = (props: InputProps & { 'data-testid': string }) => (
  <Input.Password maxLength={6} inputMode="numeric" autoComplete="new-password" style={{ width: 200 }} {...props} />
);

/** Step 4: register with the two-step verification PIN (typed twice: a wrong PIN locks the number out later). */
export function RegisterStep({
  number,
  onDone,
  onBack,
}: {
  number: RegistrationNumber;
  onDone(number: RegistrationNumber): void;
  onBack(): void;
}) {
  const { t } = useTranslation('registration');
  const { busy, run } = useBusy();
  const register = ({ pin }: { pin: string }) =>
    run(async () =>
      onDone(await callApi(calls.registerNumber, { body: { numberId: number.id, pin }, notifySuccess: true })),
    );
  return (
    <Form
      name="register"
      layout="vertical"
      style={{ maxWidth: 560 }}
      onFinish={(values) => void register(values)}
      data-testid="registration-register-step"
    >
      <Form.Item
        name="pin"
        label={t('pin')}
        extra={t('pinHelp')}
        rules={[{ required: true, pattern: PIN, message: t('pinRequired') }]}
      >
        <PinInput data-testid="registration-pin" />
      </Form.Item>
      <Form.Item
        name="pinAgain"
        label={t('pinConfirm')}
        dependencies={['pin']}
        rules={[{ required: true, message: t('pinRequired') }, sameAs('pin', t('pinMismatch'))]}
      >
        <PinInput data-testid="registration-pin-again" />
      </Form.Item>
      <Space wrap>
        <Button onClick={onBack}>{t('back')}</Button>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="registration-register">
          {t('register')}
        </Button>
      </Space>
    </Form>
  );
}

/** Step 5: the number is registered. */
export function DoneStep({ number, onRestart }: { number: RegistrationNumber; onRestart(): void }) {
  const { t } = useTranslation('registration');
  const codeName = useCodeName();
  return (
    <Result
      status="success"
      title={t('doneTitle', { phone: number.display_phone })}
      subTitle={t('doneSubtitle', { status: codeName('MetaNumberStatus', number.status) })}
      extra={
        <Button type="primary" onClick={onRestart} data-testid="registration-restart">
          {t('restart')}
        </Button>
      }
      data-testid="registration-done"
    />
  );
}
