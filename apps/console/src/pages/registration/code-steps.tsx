import { type CodeMethod, calls, type RegistrationNumber } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useLanguage } from '@ws/web-kit/i18n';
import { App, Button, Form, Input, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../components/codes/code-names.js';
import { SandboxCode } from '../sandbox/sandbox-code.js';
import { useBusy } from './use-busy.js';

/** Meta rate-limits code requests; the console waits this long before offering another. */
export const RESEND_SECONDS = 60;

/** Languages Meta writes or speaks the code in (a selection; Meta's codes, e.g. `pt_BR`). */
const CODE_LANGUAGES = [
  'zh_CN',
  'zh_HK',
  'zh_TW',
  'en_US',
  'en_GB',
  'es',
  'pt_BR',
  'fr',
  'de',
  'it',
  'ru',
  'ar',
  'hi',
  'id',
  'ms',
  'th',
  'vi',
  'tr',
  'ja',
  'ko',
];

interface StepProps {
  number: RegistrationNumber;
  onDone(number: RegistrationNumber): void;
}

/** Step 2: ask Meta to send the code by SMS or voice call; then a resend countdown. */
export function RequestCodeStep({
  number,
  onDone,
  onSkip,
  resendIn,
  onRequested,
}: StepProps & { onSkip(): void; resendIn: number; onRequested(): void }) {
  const { t } = useTranslation('registration');
  const { message } = App.useApp();
  const language = useLanguage();
  const { busy, run } = useBusy();
  const request = (values: { codeMethod: CodeMethod; language: string }) =>
    run(async () => {
      const updated = await callApi(calls.requestCode, { body: { numberId: number.id, ...values } });
      onRequested();
      void message.success(t('codeSent', { phone: number.display_phone }));
      onDone(updated);
    });
  return (
    <Form
      name="request-code"
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{ codeMethod: 'SMS', language: language === 'zh' ? 'zh_CN' : 'en_US' }}
      onFinish={(values) => void request(values)}
      data-testid="registration-request-step"
    >
      <Form.Item name="codeMethod" label={t('codeMethod')}>
        <Radio.Group
          options={[
            { value: 'SMS', label: t('sms') },
            { value: 'VOICE', label: t('voice') },
          ]}
          data-testid="registration-code-method"
        />
      </Form.Item>
      <Form.Item name="language" label={t('codeLanguage')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={CODE_LANGUAGES.map((code) => ({ value: code, label: `${languageName(language, code)} (${code})` }))}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Space wrap>
        <Button
          type="primary"
          htmlType="submit"
          loading={busy}
          disabled={resendIn > 0}
          data-testid="registration-send-code"
        >
          {resendIn > 0 ? t('resendIn', { seconds: resendIn }) : t('sendCode')}
        </Button>
        <Button type="link" onClick={onSkip} data-testid="registration-have-code">
          {t('haveCode')}
        </Button>
      </Space>
    </Form>
  );
}

/** Step 3: the code the number received. */
export function VerifyCodeStep({ number, onDone, onBack }: StepProps & { onBack(): void }) {
  const { t } = useTranslation('registration');
  const { busy, run } = useBusy();
  const [form] = Form.useForm<{ code: string }>();
  const verify = ({ code }: { code: string }) =>
    run(async () =>
      onDone(await callApi(calls.verifyCode, { body: { numberId: number.id, code }, notifySuccess: true })),
    );
  return (
    <Form
      form={form}
      name="verify-code"
      layout="vertical"
      style={{ maxWidth: 560 }}
      onFinish={(values) => void verify(values)}
      data-testid="registration-verify-step"
    >
      <SandboxCode numberId={number.id} onFill={(code) => form.setFieldsValue({ code })} />
      <Form.Item
        name="code"
        label={t('code')}
        rules={[{ required: true, pattern: /^\s*\d{3}[\s-]?\d{3}\s*$/, message: t('codeRequired') }]}
      >
        <Input
          maxLength={7}
          inputMode="numeric"
          autoComplete="one-time-code"
          style={{ width: 200 }}
          data-testid="registration-code"
        />
      </Form.Item>
      <Space wrap>
        <Button onClick={onBack} data-testid="registration-back">
          {t('back')}
        </Button>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="registration-verify">
          {t('verify')}
        </Button>
      </Space>
    </Form>
  );
}
