import { ExportOutlined } from '@ant-design/icons';
import { Button, Card, Progress, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isUrl } from '../../utils/validate.js';

/** /myiframe/:routerPath?src=…: an external page embedded under a loading bar. */
export default function IframePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const src = search.get('src') ?? '';
  const [loaded, setLoaded] = useState(false);
  const [percent, setPercent] = useState(10);

  // The bar creeps towards 90 % until the frame reports it has loaded; a new address starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: src is the trigger, not a value the effect reads
  useEffect(() => {
    setLoaded(false);
    setPercent(10);
    const timer = setInterval(() => setPercent((value) => Math.min(90, value + (90 - value) / 8)), 200);
    return () => clearInterval(timer);
  }, [src]);

  if (!isUrl(src)) return <Result status="warning" title={t('iframeMissing')} />;
  return (
    <Card
      size="small"
      styles={{ body: { padding: 0 } }}
      title={src}
      extra={
        <Button type="link" href={src} target="_blank" rel="noreferrer" icon={<ExportOutlined />}>
          {t('openInNewTab')}
        </Button>
      }
    >
      {!loaded && (
        <Progress
          percent={Math.round(percent)}
          showInfo={false}
          size="small"
          status="active"
          data-testid="iframe-loading"
        />
      )}
      <iframe
        title={src}
        src={src}
        onLoad={() => setLoaded(true)}
        data-testid="embedded-page"
        style={{ display: 'block', width: '100%', height: 'calc(100vh - 220px)', border: 'none' }}
      />
    </Card>
  );
}
