import { calls, type Pool } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { NumberSelect } from '@ws/web-kit/pickers';
import { App, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { ModalForm } from '../../components/form/index.js';
import { TagSelect } from '../tags/tag-select.js';
import { useAudienceChoices } from './audience-calls.js';

interface NewPoolFields {
  name: string;
  source: 'list' | 'tag';
  listId?: string;
  tagId?: string;
}

/** A new pool: a name and where its contacts come from, an audience list's loaded contacts or a contact tag's. */
export function NewPoolDialog({ onClose, onSaved }: { onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('allocation');
  const codeName = useCodeName();
  const [form] = Form.useForm<NewPoolFields>();
  const source = Form.useWatch('source', form) ?? 'list';
  const choices = useAudienceChoices();

  const save = async ({ name, source: kind, listId, tagId }: NewPoolFields) => {
    const body = kind === 'list' ? { name, listId: listId ?? null } : { name, tagId: tagId ?? null };
    await callApi(calls.poolAdd, { body, notifySuccess: true });
    onSaved();
  };

  return (
    <ModalForm<NewPoolFields>
      title={t('addTitle')}
      form={form}
      onSubmit={save}
      onClose={onClose}
      testId="pool-form"
      okTestId="pool-form-ok"
    >
      <Form.Item
        name="name"
        label={t('name')}
        rules={[
          { required: true, whitespace: true, message: t('nameRequired') },
          { max: 100, message: t('nameTooLong') },
        ]}
      >
        <Input maxLength={100} autoFocus data-testid="pool-name" />
      </Form.Item>
      <Form.Item name="source" label={t('source')} initialValue="list">
        <Radio.Group
          options={[
            { value: 'list', label: t('sourceList') },
            { value: 'tag', label: t('sourceTag') },
          ]}
          data-testid="pool-source"
        />
      </Form.Item>
      {source === 'list' ? (
        <Form.Item
          name="listId"
          label={t('sourceList')}
          extra={t('sourceListHint')}
          rules={[{ required: true, message: t('listRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'name' }}
            loading={choices.isFetching}
            placeholder={t('chooseList')}
            options={(choices.data ?? []).map((choice) => ({
              value: choice.id,
              name: choice.name,
              label: t('listChoice', {
                name: choice.name,
                status: codeName('AudienceStatus', choice.status),
                loaded: choice.loaded_rows,
              }),
            }))}
            data-testid="pool-list"
          />
        </Form.Item>
      ) : (
        <Form.Item name="tagId" label={t('sourceTag')} rules={[{ required: true, message: t('tagRequired') }]}>
          <TagSelect kind="contact" style={{ width: '100%' }} data-testid="pool-tag" />
        </Form.Item>
      )}
    </ModalForm>
  );
}

interface SupplyFields {
  numberId?: string;
  count?: number;
}

/** Tops a number up with contacts of the pool that have no number yet; says how many it got. */
export function SupplyDialog({ pool, onClose, onSaved }: { pool: Pool; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('allocation');
  const { message } = App.useApp();
  const unallocated = Math.max(pool.total - pool.with_number, 0);

  const save = async ({ numberId, count }: SupplyFields) => {
    const reply = await callApi(calls.poolSupply, {
      body: { id: pool.id, numberId: numberId as string, count: count as number },
    });
    void message.success(t('supplied', { count: reply.supplied }));
    onSaved();
  };

  return (
    <ModalForm<SupplyFields>
      title={t('supplyTitle', { name: pool.name })}
      onSubmit={save}
      onClose={onClose}
      testId="supply-form"
      okTestId="supply-form-ok"
      intro={<p>{t('supplyIntro', { count: unallocated })}</p>}
    >
      <Form.Item name="numberId" label={t('number')} rules={[{ required: true, message: t('numberRequired') }]}>
        <NumberSelect placeholder={t('chooseNumber')} style={{ width: '100%' }} data-testid="supply-number" />
      </Form.Item>
      <Form.Item name="count" label={t('supplyCount')} rules={[{ required: true, message: t('amountRequired') }]}>
        <InputNumber min={1} max={10_000_000} precision={0} style={{ width: 200 }} data-testid="supply-count" />
      </Form.Item>
    </ModalForm>
  );
}
