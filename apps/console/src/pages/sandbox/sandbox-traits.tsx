import { SANDBOX_THROUGHPUTS, SANDBOX_TIERS } from '@ws/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** Customers a day of each messaging-limit tier (null: unlimited). */
const TIER_LIMIT: Record<(typeof SANDBOX_TIERS)[number], number | null> = {
  TIER_250: 250,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: null,
};

export const SANDBOX_TRAIT_DEFAULTS = { throughput: 'STANDARD', tier: 'TIER_10K' } as const;

/** The throughput and messaging-limit fields of a sandbox number, for either sandbox form. */
export function SandboxTraitFields() {
  const { t, i18n } = useTranslation('sandbox');
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
          options={SANDBOX_TIERS.map((value) => {
            const limit = TIER_LIMIT[value];
            const label =
              limit === null ? t('tierUnlimited') : t('tierLimit', { limit: limit.toLocaleString(i18n.language) });
            return { value, label };
          })}
          data-testid="sandbox-tier"
        />
      </Form.Item>
    </>
  );
}
