import { LineChartOutlined } from '@ant-design/icons';
import { type CampaignForecast, SKIP_REASONS } from '@ws/contract';
import { formatTime } from '@ws/web-kit/list';
import { Alert, Button, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { CostEstimate } from './campaign-cost.js';

/**
 * The forecast of `add` with `preview: true`: the audience, the eligible and the skipped by reason,
 * recipients an hour, when it ends and what bounds the rate, with the caveat that Meta decides;
 * then the estimated cost.
 * `stale`: the form changed since it was taken.
 */
export function ForecastCard({
  forecast,
  stale,
  loading,
  onForecast,
  prominent,
}: {
  forecast: CampaignForecast | undefined;
  stale: boolean;
  loading: boolean;
  onForecast(): void;
  prominent: boolean;
}) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  return (
    <Card
      size="small"
      title={t('forecast')}
      style={prominent ? { borderColor: 'var(--ant-color-primary, #1677ff)' } : undefined}
      extra={
        <Button
          icon={<LineChartOutlined />}
          type={prominent ? 'primary' : 'default'}
          ghost={prominent}
          loading={loading}
          onClick={onForecast}
          data-testid="campaign-forecast-button"
        >
          {t('forecastRun')}
        </Button>
      }
      data-testid="campaign-forecast"
      data-stale={forecast ? String(stale) : undefined}
    >
      {!forecast ? (
        <Typography.Text type="secondary">{t(prominent ? 'forecastFirst' : 'forecastHint')}</Typography.Text>
      ) : (
        <>
          {stale && <Alert type="warning" showIcon title={t('forecastStale')} style={{ marginBottom: 8 }} />}
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('forecastAudience')}>
              <span data-testid="forecast-audience">{forecast.audience}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('forecastEligible')}>
              <span data-testid="forecast-eligible">{forecast.eligible}</span>
            </Descriptions.Item>
            {SKIP_REASONS.filter((reason) => (forecast.skipped[reason] ?? 0) > 0).map((reason) => (
              <Descriptions.Item key={reason} label={t('forecastSkipped', { reason: codeName('SkipReason', reason) })}>
                <span data-testid={`forecast-skipped-${reason}`}>{forecast.skipped[reason]}</span>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('forecastPerHour')}>
              <span data-testid="forecast-per-hour">{forecast.per_hour}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('forecastEndsAt')}>
              <span data-testid="forecast-ends-at">
                {forecast.ends_at ? formatTime(forecast.ends_at) : t('forecastNoRoom')}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('forecastBound')}>
              <span data-testid="forecast-bound" data-bound={forecast.bound}>
                {t(`bound.${forecast.bound}`)}
              </span>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('forecastCaveat')}
          </Typography.Text>
          <CostEstimate cost={forecast.cost} />
        </>
      )}
    </Card>
  );
}
