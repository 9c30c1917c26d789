import type { TagKind } from '@ws/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { oneOf } from '../../components/form/index.js';
import { TagSelect } from './tag-select.js';

/** What a batch tag dialog sends: tags to add and tags to remove. */
export interface TagChange {
  addTagIds?: string[];
  removeTagIds?: string[];
}

/** The fields of a batch tag dialog: tags of `kind` to add and to remove, at least one of them. */
export function TagChangeFields({
  kind,
  required,
  addTestId,
  removeTestId,
}: {
  kind: TagKind;
  /** Said when neither is chosen. */
  required: string;
  addTestId: string;
  removeTestId: string;
}) {
  const { t } = useTranslation('tags');
  return (
    <>
      <Form.Item
        name="addTagIds"
        label={t('addTags')}
        rules={[oneOf(['addTagIds', 'removeTagIds'], required)]}
        dependencies={['removeTagIds']}
      >
        <TagSelect kind={kind} mode="multiple" style={{ width: '100%' }} data-testid={addTestId} />
      </Form.Item>
      <Form.Item name="removeTagIds" label={t('removeTags')}>
        <TagSelect kind={kind} mode="multiple" style={{ width: '100%' }} data-testid={removeTestId} />
      </Form.Item>
    </>
  );
}
