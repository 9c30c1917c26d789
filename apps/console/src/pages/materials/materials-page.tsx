import { TagsOutlined } from '@ant-design/icons';
import { MATERIAL_TYPES } from '@ws/contract';
import { Button, Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { MaterialTab } from './material-tab.js';
import { MaterialTagsDialog } from './material-tags-dialog.js';

/**
 * /content/material: the material library (decision 0023), a tab per type (quick replies are its
 * text materials), material tags, and the bindings that narrow which agents may use a material.
 */
export default function MaterialsPage() {
  const { t } = useTranslation('materials');
  const [tagsOpen, setTagsOpen] = useState(false);
  return (
    <Card
      title={t('title')}
      extra={
        <Button icon={<TagsOutlined />} onClick={() => setTagsOpen(true)} data-testid="material-tags">
          {t('tags')}
        </Button>
      }
      data-testid="materials-page"
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Tabs
        destroyOnHidden
        items={MATERIAL_TYPES.map((tp) => ({
          key: tp,
          label: <CodeLabel group="MaterialType" code={tp} />,
          children: <MaterialTab tp={tp} />,
        }))}
      />
      {tagsOpen && <MaterialTagsDialog onClose={() => setTagsOpen(false)} />}
    </Card>
  );
}
