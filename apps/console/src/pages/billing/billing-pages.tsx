import { calls } from '@ws/contract';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LedgerFilters, useDayRange } from './ledger-filters.js';
import { PortTable, PostingTable, UsageTable } from './ledger-tables.js';
import { PriceBookTable } from './price-book.js';
import { UsageCharts } from './usage-charts.js';
import { WalletCards } from './wallet-cards.js';

/** /bill/rate: the wallet, its money top-ups, and the price book. */
export function RatePage() {
  const { t } = useTranslation('billing');
  const [range, setRange] = useDayRange();
  return (
    <div data-testid="bill-rate-page">
      <WalletCards tenantId={range.tenantId} />
      <LedgerFilters view="flowcharge" range={range} onChange={setRange} />
      <PostingTable call={calls.flowCharge} range={range} title={t('topUps')} />
      <PriceBookTable />
    </div>
  );
}

/** /bill/useRate: money used per day, category, country and number. */
export function UseRatePage() {
  const [range, setRange] = useDayRange();
  return (
    <div data-testid="bill-use-rate-page">
      <WalletCards tenantId={range.tenantId} />
      <LedgerFilters view="flowuse" range={range} onChange={setRange} />
      <UsageCharts unit="usd_micros" range={range} />
      <UsageTable call={calls.flowUse} range={range} />
    </div>
  );
}

/** /bill/translate: translation character top-ups. */
export function TranslatePage() {
  const { t } = useTranslation('billing');
  const [range, setRange] = useDayRange();
  return (
    <div data-testid="bill-translate-page">
      <WalletCards tenantId={range.tenantId} />
      <LedgerFilters view="transcharge" range={range} onChange={setRange} />
      <PostingTable call={calls.transCharge} range={range} title={t('topUps')} />
    </div>
  );
}

/** The quotas the platform admin credits (`addtrans`, `addpull`), whose usage /bill/useTranslate shows. */
const QUOTA_USAGE = {
  chars: { view: 'transuse', call: calls.transUse, label: 'usageOfChars' },
  invites: { view: 'pulluse', call: calls.pullUse, label: 'usageOfInvites' },
} as const;
type Quota = keyof typeof QUOTA_USAGE;

/** /bill/useTranslate: translation characters, or group invites, used per day (one tab each). */
export function UseTranslatePage() {
  const { t } = useTranslation('billing');
  const [range, setRange] = useDayRange();
  const [quota, setQuota] = useState<Quota>('chars');
  const usage = QUOTA_USAGE[quota];
  return (
    <div data-testid="bill-use-translate-page">
      <WalletCards tenantId={range.tenantId} />
      <Tabs
        activeKey={quota}
        onChange={(key) => setQuota(key as Quota)}
        items={(Object.keys(QUOTA_USAGE) as Quota[]).map((key) => ({
          key,
          label: <span data-testid={`usage-of-${key}`}>{t(QUOTA_USAGE[key].label)}</span>,
        }))}
      />
      <LedgerFilters view={usage.view} range={range} onChange={setRange} />
      <UsageCharts unit={quota} range={range} />
      <UsageTable key={quota} call={usage.call} range={range} />
    </div>
  );
}

/** /bill/payport: number and seat slots bought, and every charge of the wallet. */
export function PayportPage() {
  const { t } = useTranslation('billing');
  const [range, setRange] = useDayRange();
  return (
    <div data-testid="bill-payport-page">
      <WalletCards tenantId={range.tenantId} />
      <LedgerFilters view="chargelist" range={range} onChange={setRange} />
      <PortTable range={range} />
      <PostingTable call={calls.chargeList} range={range} title={t('charges')} />
    </div>
  );
}

/** /terrace/port_record: the number and seat slots every customer bought (the platform admin's). */
export function PortRecordPage() {
  const [range, setRange] = useDayRange();
  return (
    <div data-testid="port-record-page">
      <LedgerFilters range={range} onChange={setRange} />
      <PortTable range={range} />
    </div>
  );
}
