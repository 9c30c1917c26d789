import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { usd } from '../billing/money.js';
import { FigureCard } from './figure-card.js';
import { figure } from './home-summary-query.js';

/** The platform admin's totals over every customer (`auth/data`, the customers screen's call). */
export function PlatformFigures() {
  const { t } = useTranslation('home');
  const { t: tMenu } = useTranslation('menu');
  const totals = useQuery({
    queryKey: ['platform-totals'],
    queryFn: ({ signal }) => callApi(calls.platformTotals, { signal }),
    refetchInterval: 60_000,
  });
  const data = totals.data;
  const money = (micros: number | undefined) => (micros === undefined ? '…' : `$${usd(micros)}`);
  const items = [
    ['customers', figure(data?.customers)],
    ['activeCustomers', figure(data?.active_customers)],
    ['platformNumbers', figure(data?.numbers)],
    ['platformContacts', figure(data?.contacts)],
    ['seats', figure(data?.seats)],
    ['platformMessagesToday', figure(data?.messages_today)],
    ['walletTotal', money(data?.wallet_balance)],
    ['heldTotal', money(data?.wallet_held)],
    ['lowBalanceCustomers', figure(data?.low_balance_customers)],
  ] as const;
  return (
    <div style={{ marginBottom: 16 }}>
      <FigureCard title={t('platform')} to="/terrace/user" link={tMenu('customers')} testId="home-platform">
        <Row gutter={[16, 16]}>
          {items.map(([key, value]) => (
            <Col key={key} xs={12} md={8} xl={6} xxl={3}>
              <Statistic title={t(key)} value={value} data-testid={`home-platform-${key}`} />
            </Col>
          ))}
        </Row>
      </FigureCard>
    </div>
  );
}
