import { calls } from '@ws/contract';
import { useSession } from '@ws/web-kit/session';
import { Card, Col, Descriptions, Row, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeLabel } from '../../components/codes/code-label.js';
import { mayCall, menuFor } from '../../menu/menu-access.js';
import { MenuIcon } from '../../menu/menu-icons.js';
import { useNetworkSamples } from '../../shell/network/network-monitor.js';
import { HomeActivity } from './home-activity.js';
import { HomeFigures } from './home-figures.js';
import { useHomeSummary, useLatestNotices } from './home-summary-query.js';
import { LatestNotices } from './latest-notices.js';
import { PlatformFigures } from './platform-figures.js';

/** The tenant's dashboard: one call for every panel (decision 0030). */
function TenantDashboard() {
  const summary = useHomeSummary();
  const notices = useLatestNotices();
  return (
    <>
      <HomeFigures data={summary.data} />
      <HomeActivity data={summary.data} />
      <LatestNotices notices={notices.data?.records} />
    </>
  );
}

/**
 * /wel/index, the dashboard: the signed-in user, the platform's totals (the platform admin), the
 * tenant's figures (admins and operators), the server's state and the way into each part of the menu.
 */
export default function WelcomePage() {
  const { t } = useTranslation('pages');
  const { t: tMenu } = useTranslation('menu');
  const session = useSession();
  const samples = useNetworkSamples();
  const role = session?.user.role;
  const groups = useMemo(() => (role ? menuFor(role).filter((node) => node.children) : []), [role]);
  if (!session) return null;
  const { user } = session;
  const latest = samples.at(-1);

  return (
    <div data-testid="welcome-page">
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={3}>{t('welcomeGreeting', { name: user.nickname || user.username })}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('welcomeIntro')}</Typography.Paragraph>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('infoAccount')}>{user.username}</Descriptions.Item>
          <Descriptions.Item label={t('infoRole')}>
            <CodeLabel group="RoleCode" code={user.role} />
          </Descriptions.Item>
          <Descriptions.Item label={t('infoTenant')}>{user.tenant_id}</Descriptions.Item>
        </Descriptions>
      </Card>
      {mayCall(calls.platformTotals, role) && <PlatformFigures />}
      {mayCall(calls.homeSummary, role) && <TenantDashboard />}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={12}>
          <Card>
            <Statistic
              title={t('welcomeServer')}
              value={latest ? (latest.latencyMs === null ? t('welcomeServerDown') : `${latest.latencyMs} ms`) : '…'}
              valueStyle={{ color: latest?.latencyMs === null ? '#cf1322' : undefined }}
            />
            <Link to="/wel/dashboard">{tMenu('dashboard')}</Link>
          </Card>
        </Col>
      </Row>
      <Card title={t('welcomeShortcuts')}>
        <Row gutter={[12, 12]}>
          {groups.map((group) => (
            <Col key={group.path} xs={12} md={8} lg={6}>
              <Link to={group.defaultPath ?? group.path} className="welcome-shortcut">
                <MenuIcon name={group.icon} /> {tMenu(group.name as 'wslist')}
              </Link>
            </Col>
          ))}
        </Row>
      </Card>
    </div>
  );
}
