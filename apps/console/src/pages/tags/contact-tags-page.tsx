import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { TagTable } from './tag-table.js';

/** /passenger/fanTag: the tenant's contact tags. */
export default function ContactTagsPage() {
  const { t } = useTranslation('tags');
  return (
    <Card title={t('title')} data-testid="contact-tags-page">
      <TagTable kind="contact" />
    </Card>
  );
}
