import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { levelOf, useNetworkSamples } from '../network/network-monitor.js';

/** Four signal bars from the latest ping round trip. */
export function NetworkIndicator() {
  const { t } = useTranslation();
  const samples = useNetworkSamples();
  const latest = samples.at(-1);
  const level = latest ? levelOf(latest.latencyMs) : 4;
  const title = !latest
    ? t('network')
    : latest.latencyMs === null
      ? t('networkDown')
      : t('networkLatency', { ms: latest.latencyMs });
  return (
    <Tooltip title={title} placement="bottom">
      <span
        className={`network-bars level-${level}`}
        data-testid="network-indicator"
        data-level={level}
        role="img"
        aria-label={title}
      >
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={bar <= level ? 'on' : undefined} style={{ height: 4 + bar * 3 }} />
        ))}
      </span>
    </Tooltip>
  );
}
