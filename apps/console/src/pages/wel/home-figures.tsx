import { HOME_DAYS, type HomeSummary } from '@ws/contract';
import { Alert, Col, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeLabel } from '../../components/codes/code-label.js';
import { usd } from '../billing/money.js';
import { NUMBER_STATUS_COLORS, QualityTag } from '../numbers/wslist/number-columns.js';
import { FigureCard } from './figure-card.js';
import { figure } from './home-summary-query.js';

type Summary = HomeSummary | undefined;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Numbers by status, quality and messaging tier. */
function NumbersCard({ data }: { data: Summary }) {
  const { t } = useTranslation('home');
  const { t: tMenu } = useTranslation('menu');
  const statuses = data?.numbers_by_status ?? [];
  return (
    <FigureCard title={t('numbers')} to="/accountmanage/wslist" link={tMenu('wslist')} testId="home-numbers-card">
      <Statistic value={data ? sum(statuses.map((row) => row.numbers)) : '…'} data-testid="home-numbers-total" />
      {data && statuses.length === 0 && <Typography.Text type="secondary">{t('numbersNone')}</Typography.Text>}
      <Space orientation="vertical" size={4} style={{ marginTop: 8 }}>
        <Space size={[4, 4]} wrap>
          {statuses.map((row) => (
            <Tag
              key={row.status}
              color={NUMBER_STATUS_COLORS[row.status] ?? 'default'}
              data-testid="home-numbers-status"
              data-status={row.status}
            >
              <CodeLabel group="MetaNumberStatus" code={row.status} /> {row.numbers.toLocaleString()}
            </Tag>
          ))}
        </Space>
        <Space size={[4, 4]} wrap data-testid="home-numbers-quality">
          {(data?.numbers_by_quality ?? []).map((row) => (
            <span key={row.quality}>
              <QualityTag quality={row.quality} /> {row.numbers.toLocaleString()}
            </span>
          ))}
        </Space>
        <Space size={[4, 4]} wrap data-testid="home-numbers-tier">
          {(data?.numbers_by_tier ?? []).map((row) => (
            <Tag key={row.tier ?? 'none'}>
              {row.tier ? <CodeLabel group="MessagingTier" code={row.tier} /> : t('tierUnknown')}{' '}
              {row.numbers.toLocaleString()}
            </Tag>
          ))}
        </Space>
      </Space>
    </FigureCard>
  );
}

/** Contacts by consent; new contacts and opt-outs today and over the chart's days. */
function ContactsCard({ data }: { data: Summary }) {
  const { t } = useTranslation('home');
  const { t: tMenu } = useTranslation('menu');
  const days = data?.contact_days ?? [];
  const today = days.at(-1);
  return (
    <FigureCard title={t('contacts')} to="/passenger/data" link={tMenu('contactData')} testId="home-contacts-card">
      <Row gutter={[8, 8]}>
        <Col span={8}>
          <Link to="/passenger/list">
            <Statistic title={t('contactsTotal')} value={figure(data?.contacts.total)} data-testid="home-contacts" />
          </Link>
        </Col>
        <Col span={8}>
          <Statistic title={t('optedIn')} value={figure(data?.contacts.opted_in)} data-testid="home-opted-in" />
        </Col>
        <Col span={8}>
          <Statistic title={t('optedOut')} value={figure(data?.contacts.opted_out)} data-testid="home-opted-out" />
        </Col>
        <Col span={12}>
          <Statistic title={t('newToday')} value={figure(today?.created)} data-testid="home-new-today" />
        </Col>
        <Col span={12}>
          <Statistic title={t('optOutsToday')} value={figure(today?.opted_out)} data-testid="home-opt-outs-today" />
        </Col>
        <Col span={12}>
          <Statistic
            title={t('new30', { count: HOME_DAYS })}
            value={data ? sum(days.map((day) => day.created)).toLocaleString() : '…'}
            data-testid="home-new-30"
          />
        </Col>
        <Col span={12}>
          <Statistic
            title={t('optOuts30', { count: HOME_DAYS })}
            value={data ? sum(days.map((day) => day.opted_out)).toLocaleString() : '…'}
            data-testid="home-opt-outs-30"
          />
        </Col>
      </Row>
    </FigureCard>
  );
}

/** Agents online and conversations waiting in the queue. */
function InboxCard({ data }: { data: Summary }) {
  const { t } = useTranslation('home');
  const { t: tMenu } = useTranslation('menu');
  const inbox = data?.inbox;
  return (
    <FigureCard title={t('inbox')} to="/accountmanage/seats" link={tMenu('seats')} testId="home-inbox-card">
      <Row gutter={8}>
        <Col span={12}>
          <Statistic
            title={t('agentsOnline')}
            value={inbox ? `${inbox.online.toLocaleString()} / ${inbox.agents.toLocaleString()}` : '…'}
            data-testid="home-agents-online"
          />
        </Col>
        <Col span={12}>
          <Statistic
            title={t('waiting')}
            value={inbox ? `${inbox.waiting.toLocaleString()}${inbox.waiting_capped ? '+' : ''}` : '…'}
            data-testid="home-waiting"
          />
        </Col>
      </Row>
    </FigureCard>
  );
}

/** The wallet: available = balance − holds, and the low-balance warning. */
function WalletCard({ data }: { data: Summary }) {
  const { t } = useTranslation('home');
  const { t: tMenu } = useTranslation('menu');
  const wallet = data?.wallet;
  return (
    <FigureCard title={t('wallet')} to="/bill/rate" link={tMenu('rate')} testId="home-wallet-card">
      <Statistic
        title={t('available')}
        prefix="$"
        value={wallet ? usd(wallet.available) : '…'}
        styles={wallet?.low_balance ? { content: { color: '#cf1322' } } : undefined}
        data-testid="home-wallet-available"
      />
      {wallet && (
        <Typography.Text type="secondary">
          {t('balance')} ${usd(wallet.balance)} · {t('held')} ${usd(wallet.held)}
        </Typography.Text>
      )}
      {wallet?.low_balance && (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          title={t('lowBalance', { threshold: usd(wallet.low_balance_threshold) })}
          data-testid="home-low-balance"
        />
      )}
    </FigureCard>
  );
}

/** The first row of the dashboard: numbers, contacts, inbox and wallet. */
export function HomeFigures({ data }: { data: Summary }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="home-figures">
      <Col xs={24} md={12} xxl={6}>
        <NumbersCard data={data} />
      </Col>
      <Col xs={24} md={12} xxl={6}>
        <ContactsCard data={data} />
      </Col>
      <Col xs={24} md={12} xxl={6}>
        <InboxCard data={data} />
      </Col>
      <Col xs={24} md={12} xxl={6}>
        <WalletCard data={data} />
      </Col>
    </Row>
  );
}
