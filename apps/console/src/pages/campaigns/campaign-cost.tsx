import { type CampaignCost, type CostLine, formatMicros } from '@ws/contract';
import { useLanguage } from '@ws/web-kit/i18n';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { countryName } from '../../components/codes/code-names.js';

/** Meta's rates have four decimals; amounts to pay are shown to the cent (from the exact micro-units). */
const unitPrice = (micros: number) => `$${formatMicros(micros, 4)}`;
const amount = (micros: number) => `$${formatMicros(micros, 2)}`;

/**
 * The forecast's estimated Meta cost: per country (its market when that is a region) recipients ×
 * list price and the subtotal, the total, the price book's date, the recipients it could not
 * price, and the caveat that it is an upper bound and Meta decides.
 */
export function CostEstimate({ cost }: { cost: CampaignCost }) {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  const codeName = useCodeName();
  const caption = (text: string, testId?: string) => (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }} data-testid={testId}>
      {text}
    </Typography.Text>
  );
  return (
    <div data-testid="forecast-cost" style={{ marginTop: 8 }}>
      <Typography.Text strong>{t('costTitle', { category: codeName('PriceCategory', cost.category) })}</Typography.Text>
      {cost.lines.length > 0 ? (
        <Table<CostLine>
          size="small"
          pagination={false}
          rowKey="country"
          dataSource={cost.lines}
          style={{ marginTop: 4 }}
          columns={[
            {
              title: t('costCountry'),
              key: 'country',
              render: (_, line) => (
                <>
                  {countryName(language, line.country)}
                  {line.market !== line.country && <Typography.Text type="secondary"> · {line.market}</Typography.Text>}
                  {line.category !== cost.category && (
                    <Typography.Text type="secondary"> · {codeName('PriceCategory', line.category)}</Typography.Text>
                  )}
                </>
              ),
            },
            {
              title: t('costRecipients'),
              key: 'recipients',
              align: 'right',
              render: (_, line) => `${line.recipients} × ${unitPrice(line.unit_micros)}`,
            },
            {
              title: t('costSubtotal'),
              key: 'subtotal',
              align: 'right',
              render: (_, line) => amount(line.subtotal_micros),
            },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <Typography.Text strong>{t('costTotal')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <Typography.Text strong data-testid="forecast-cost-total">
                  {amount(cost.total_micros)}
                </Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      ) : (
        caption(t('costNoRates'))
      )}
      {cost.unpriced_recipients > 0 &&
        caption(
          t('costUnpriced', {
            count: cost.unpriced_recipients,
            countries: cost.unpriced.map((row) => countryName(language, row.country)).join(t('listSeparator')),
          }),
          'forecast-cost-unpriced',
        )}
      {cost.effective_from && caption(t('costEffective', { date: cost.effective_from }))}
      {caption(t('costCaveat'))}
    </div>
  );
}
