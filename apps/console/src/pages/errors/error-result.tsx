import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { settings } from '../../settings/settings.js';

/** An error page with the way back to the first page. */
export function ErrorResult({ status }: { status: 403 | 404 | 500 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="login-page" data-testid={`error-${status}`}>
      <Result
        status={status}
        title={status}
        subTitle={t(`error${status}`)}
        extra={
          <Button type="primary" onClick={() => void navigate(settings.firstPage)}>
            {t('backHome')}
          </Button>
        }
      />
    </main>
  );
}
