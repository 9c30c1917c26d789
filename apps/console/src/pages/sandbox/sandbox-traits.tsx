import { SANDBOX_THROUGHPUTS, SANDBOX_TIERS } from '@ws/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';

export const SANDBOX_TRAIT_DEFAULTS = { throughput: 'STANDARD', tier: 'TIER_10K' } as const;

/** The throughput and messaging-limit fields of a sandbox number, for either sandbox form. */
export function SandboxTraitFields() {
  const { t } = useTranslation('sandbox');
  const codeName = useCodeName();
  const throughputLabel = { STANDARD: t('throughputStandard'), HIGH: t('throughputHigh') };
  return (
    <>
      <Form.Item name="throughput" label={t('throughput')}>
        <Select
          style={{ width: 220 }}
          options={SANDBOX_THROUGHPUTS.map((value) => ({ value, label: throughputLabel[value] }))}
          data-testid="sandbox-throughput"
        />
      </Form.Item>
      <Form.Item name="tier" label={t('tier')}>
        <Select
          style={{ width: 220 }}
          options={SANDBOX_TIERS.map((value) => ({ value, label: codeName('MessagingTier', value) }))}
          data-testid="sandbox-tier"
        />
      </Form.Item>
    </>
  );
}
