import type { RegistrationNumber } from '@ws/contract';
import { Alert, Steps } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { RESEND_SECONDS, RequestCodeStep, VerifyCodeStep } from './code-steps.js';
import { NumberStep } from './number-step.js';
import { DoneStep, RegisterStep } from './register-step.js';
import { useRefreshNumbers } from './registration-queries.js';
import { useCountdown } from './use-countdown.js';

/** The steps in order; the Steps bar shows the current one's index. */
const STEPS = ['number', 'request', 'verify', 'register', 'done'] as const;
type Step = (typeof STEPS)[number];

export interface RegistrationFlow {
  step: Step;
  number?: RegistrationNumber | undefined;
  /** Takes up a number where it stands: a verified one goes straight to the PIN. */
  start(number: RegistrationNumber): void;
  moveTo(step: Step, number?: RegistrationNumber): void;
}

export function useRegistrationFlow(): RegistrationFlow {
  const [state, setState] = useState<{ step: Step; number?: RegistrationNumber }>({ step: 'number' });
  const moveTo = useCallback(
    (step: Step, number?: RegistrationNumber) => setState((current) => ({ step, number: number ?? current.number })),
    [],
  );
  const start = useCallback((number: RegistrationNumber) => {
    setState({ step: number.code_verification_status === 'VERIFIED' ? 'register' : 'request', number });
  }, []);
  return { ...state, start, moveTo };
}

/** The registration flow as antd Steps: number, request code, enter code, register with PIN, done. */
export function RegistrationWizard({ flow }: { flow: RegistrationFlow }) {
  const { t } = useTranslation('registration');
  const codeName = useCodeName();
  const refreshNumbers = useRefreshNumbers();
  const countdown = useCountdown();
  const { number } = flow;
  const advance = (step: Step) => (updated: RegistrationNumber) => {
    flow.moveTo(step, updated);
    void refreshNumbers();
  };

  return (
    <div data-testid="registration-wizard">
      <Steps
        current={STEPS.indexOf(flow.step)}
        items={[
          { title: t('stepNumber') },
          { title: t('stepRequest') },
          { title: t('stepVerify') },
          { title: t('stepRegister') },
          { title: t('stepDone') },
        ]}
        style={{ marginBottom: 24 }}
        data-testid="registration-steps"
      />
      {number && flow.step !== 'done' && flow.step !== 'number' && (
        <Alert
          type="info"
          showIcon
          title={t('current', { phone: number.display_phone, status: codeName('MetaNumberStatus', number.status) })}
          style={{ marginBottom: 24, maxWidth: 560 }}
          data-testid="registration-current"
        />
      )}
      {flow.step === 'number' && (
        <NumberStep
          onReady={(ready) => {
            flow.start(ready);
            void refreshNumbers();
          }}
        />
      )}
      {flow.step === 'request' && number && (
        <RequestCodeStep
          number={number}
          resendIn={countdown.secondsLeft}
          onRequested={() => countdown.start(RESEND_SECONDS)}
          onDone={advance('verify')}
          onSkip={() => flow.moveTo('verify')}
        />
      )}
      {flow.step === 'verify' && number && (
        <VerifyCodeStep number={number} onDone={advance('register')} onBack={() => flow.moveTo('request')} />
      )}
      {flow.step === 'register' && number && (
        <RegisterStep number={number} onDone={advance('done')} onBack={() => flow.moveTo('verify')} />
      )}
      {flow.step === 'done' && number && <DoneStep number={number} onRestart={() => flow.moveTo('number')} />}
    </div>
  );
}
