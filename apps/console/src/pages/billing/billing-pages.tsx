import { calls } from '@ws/contract';
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
      <WalletCards />
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
      <WalletCards />
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
      <WalletCards />
      <LedgerFilters view="transcharge" range={range} onChange={setRange} />
      <PostingTable call={calls.transCharge} range={range} title={t('topUps')} />
    </div>
  );
}

/** /bill/useTranslate: translation characters used per day and number. */
export function UseTranslatePage() {
  const [range, setRange] = useDayRange();
  return (
    <div data-testid="bill-use-translate-page">
      <WalletCards />
      <LedgerFilters view="transuse" range={range} onChange={setRange} />
      <UsageCharts unit="chars" range={range} />
      <UsageTable call={calls.transUse} range={range} />
    </div>
  );
}

/** /bill/payport: number and seat slots bought, and every charge of the wallet. */
export function PayportPage() {
  const { t } = useTranslation('billing');
  const [range, setRange] = useDayRange();
  return (
    <div data-testid="bill-payport-page">
      <WalletCards />
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
