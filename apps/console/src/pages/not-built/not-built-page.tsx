import { ToolOutlined } from '@ant-design/icons';
import { Card, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { resources } from '../../i18n/locales/index.js';
import { entryOf } from '../../menu/menu-access.js';

const about = resources.zh.menu.about;

/** What a menu page whose screen is not built yet shows: what it will do, and no data. */
export default function NotBuiltPage() {
  const { t } = useTranslation(['pages', 'menu']);
  const { pathname } = useLocation();
  const entry = entryOf(pathname);
  const key = entry?.name as keyof typeof about | undefined;
  return (
    <Card data-testid="not-built">
      <Result
        icon={<ToolOutlined />}
        title={entry ? t(`menu:${entry.name}` as 'menu:wslist') : t('pages:notBuiltTitle')}
        subTitle={t('pages:notBuiltTitle')}
      >
        {key && key in about && (
          <Typography.Paragraph style={{ textAlign: 'center' }}>{t(`menu:about.${key}`)}</Typography.Paragraph>
        )}
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t('pages:notBuiltBody')}
        </Typography.Paragraph>
      </Result>
    </Card>
  );
}
