import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from './lazy-page.js';

/** What a route shows when its code failed to load or it threw while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  const chunk = error instanceof ChunkLoadError;
  return (
    <Result
      status={chunk ? 'warning' : '500'}
      title={chunk ? t('chunkError') : t('error500')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('reload')}
        </Button>
      }
    />
  );
}
