import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeLabel } from '../../components/codes/code-label.js';
import { NUMBER_STATUS_COLORS } from '../numbers/wslist/number-columns.js';

/** A figure card: its figures, then a link to the screen they come from. */
function FigureCard({ title, to, link, children }: { title: string; to: string; link: string; children: ReactNode }) {
  return (
    <Card title={title} extra={<Link to={to}>{link}</Link>} style={{ height: '100%' }}>
      {children}
    </Card>
  );
}

/** The tenant's figures on the home page: numbers by status, contacts and their consent, today's messages. */
export function HomeFigures() {
  const { t } = useTranslation('pages');
  const { t: tMenu } = useTranslation('menu');
  const summary = useQuery({
    queryKey: ['home-summary'],
    queryFn: ({ signal }) => callApi(calls.homeSummary, { body: {}, signal }),
  });
  const data = summary.data;
  const figure = (value: number | undefined) => value ?? '…';
  const numbers = data?.numbers_by_status ?? [];

  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="home-figures">
      <Col xs={24} lg={8}>
        <FigureCard title={t('homeNumbers')} to="/accountmanage/wslist" link={tMenu('wslist')}>
          <Statistic
            value={data ? numbers.reduce((sum, row) => sum + row.numbers, 0) : '…'}
            data-testid="home-numbers-total"
          />
          <Space size={[4, 8]} wrap style={{ marginTop: 8 }}>
            {numbers.map((row) => (
              <Tag
                key={row.status}
                color={NUMBER_STATUS_COLORS[row.status] ?? 'default'}
                data-testid="home-numbers-status"
                data-status={row.status}
              >
                <CodeLabel group="MetaNumberStatus" code={row.status} /> {row.numbers.toLocaleString()}
              </Tag>
            ))}
            {data && numbers.length === 0 && <Typography.Text type="secondary">{t('homeNumbersNone')}</Typography.Text>}
          </Space>
        </FigureCard>
      </Col>
      <Col xs={24} lg={8}>
        <FigureCard title={t('homeContacts')} to="/passenger/list" link={tMenu('contactList')}>
          <Row gutter={8}>
            <Col span={8}>
              <Statistic title={t('homeContacts')} value={figure(data?.contacts.total)} data-testid="home-contacts" />
            </Col>
            <Col span={8}>
              <Statistic title={t('homeOptedIn')} value={figure(data?.contacts.opted_in)} data-testid="home-opted-in" />
            </Col>
            <Col span={8}>
              <Statistic
                title={t('homeOptedOut')}
                value={figure(data?.contacts.opted_out)}
                data-testid="home-opted-out"
              />
            </Col>
          </Row>
        </FigureCard>
      </Col>
      <Col xs={24} lg={8}>
        <FigureCard title={t('homeMessagesToday')} to="/passenger/chat_record" link={tMenu('chatRecord')}>
          <Row gutter={8}>
            <Col span={12}>
              <Statistic title={t('homeSent')} value={figure(data?.messages_today.sent)} data-testid="home-sent" />
            </Col>
            <Col span={12}>
              <Statistic
                title={t('homeReceived')}
                value={figure(data?.messages_today.received)}
                data-testid="home-received"
              />
            </Col>
          </Row>
        </FigureCard>
      </Col>
    </Row>
  );
}
