import type { CensusTotals } from '@ws/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';

const CARDS = ['contacts', 'opted_in', 'opted_out', 'none', 'new_today', 'new_this_week', 'window_open'] as const;

/** The contact totals as statistic cards (each with a test id of its key). */
export function CensusTotalsCards({ totals, loading }: { totals: CensusTotals | undefined; loading: boolean }) {
  const { t } = useTranslation('census');
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="census-totals">
      {CARDS.map((key) => (
        <Col key={key} xs={12} md={8} lg={6} xxl={3}>
          <Card size="small">
            <Statistic
              title={t(key)}
              value={totals?.[key] ?? 0}
              loading={loading && !totals}
              data-testid={`census-total-${key}`}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
