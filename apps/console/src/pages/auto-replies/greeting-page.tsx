import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { calls, type Greeting } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, formatTime, useConfirm } from '@ws/web-kit/list';
import { NumberSelect } from '@ws/web-kit/pickers';
import { Button, Card, Form, InputNumber, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { type EditDialogProps, ModalForm, useEditDialog } from '../../components/form/index.js';
import { useFilledForm } from './filled-form.js';
import { HoursFields, hoursOf, hoursText } from './hours-fields.js';
import { MaterialPicker } from './material-picker.js';

interface Fields {
  numberId?: string | null;
  materialId: string | null;
  outsideMaterialId: string | null;
  hoursFrom?: string;
  hoursTo?: string;
  silenceDays: number;
  enabled: boolean;
}

const fieldsOf = (greeting: Greeting | undefined): Fields => ({
  numberId: greeting?.number_id ?? null,
  materialId: greeting?.material.id ?? null,
  outsideMaterialId: greeting?.outside_material?.id ?? null,
  ...(greeting?.active_hours ? { hoursFrom: greeting.active_hours.from, hoursTo: greeting.active_hours.to } : {}),
  silenceDays: greeting?.silence_days ?? 0,
  enabled: greeting?.enabled ?? true,
});

/** Sets a number's greeting (or every number's): saving again replaces it. */
function GreetingForm({ open, editing, onClose, onSaved }: EditDialogProps<Greeting>) {
  const { t } = useTranslation('autoReplies');
  const form = useFilledForm(open, editing, fieldsOf);
  const save = async (fields: Fields) => {
    await callApi(calls.greetingSave, {
      body: {
        numberId: fields.numberId ?? null,
        materialId: fields.materialId as string,
        outsideMaterialId: fields.outsideMaterialId ?? null,
        activeHours: hoursOf(fields),
        silenceDays: fields.silenceDays ?? 0,
        enabled: fields.enabled,
      },
      notifySuccess: true,
    });
    onSaved();
  };
  return (
    <ModalForm<Fields>
      open={open}
      form={form}
      title={t('greetingEditTitle')}
      okText={t('save')}
      onSubmit={save}
      onClose={onClose}
      width={640}
      testId="greeting-form"
      okTestId="greeting-form-save"
    >
      <Form.Item name="numberId" label={t('greetingNumber')}>
        <NumberSelect placeholder={t('greetingAll')} data-testid="greeting-form-number" />
      </Form.Item>
      <Form.Item name="materialId" label={t('material')} rules={[{ required: true, message: t('materialRule') }]}>
        <MaterialPicker known={editing?.material ?? null} testId="greeting-form-material" />
      </Form.Item>
      <HoursFields />
      <Form.Item name="outsideMaterialId" label={t('outsideMaterial')}>
        <MaterialPicker
          known={editing?.outside_material ?? null}
          allowClear
          placeholder={t('outsideNone')}
          testId="greeting-form-outside"
        />
      </Form.Item>
      <Form.Item name="silenceDays" label={t('silenceDays')} extra={t('silenceHelp')}>
        <InputNumber min={0} max={365} precision={0} />
      </Form.Item>
      <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </ModalForm>
  );
}

const materialCell = (material: Greeting['material'] | null) =>
  material ? (
    <span>
      <CodeLabel group="MaterialType" code={material.tp} /> {material.title}
    </span>
  ) : null;

/** /content/friendsvia: the first-contact greeting, for every number and per number (decision 0024). */
export default function GreetingPage() {
  const { t } = useTranslation('autoReplies');
  const greetings = useQuery({
    queryKey: [calls.greetingList.id],
    queryFn: ({ signal }) => callApi(calls.greetingList, { signal }),
  });
  const dialog = useEditDialog<Greeting>();
  const confirm = useConfirm();
  const refresh = () => void greetings.refetch();
  const remove = (greeting: Greeting) =>
    confirm(async () => {
      await callApi(calls.greetingDel, { body: { ids: [greeting.id] }, notifySuccess: true });
      refresh();
    });
  const columns: TableColumnsType<Greeting> = [
    {
      title: t('greetingNumber'),
      dataIndex: 'number_phone',
      render: (phone: string | null) => phone ?? t('greetingAll'),
    },
    { title: t('material'), dataIndex: 'material', render: materialCell },
    { title: t('activeHours'), dataIndex: 'active_hours', render: (hours) => hoursText(hours, t('allDay')) },
    { title: t('outsideMaterial'), dataIndex: 'outside_material', render: materialCell },
    {
      title: t('silenceDays'),
      dataIndex: 'silence_days',
      render: (days: number) => (days ? t('silenceAfter', { count: days }) : t('silenceFirst')),
    },
    {
      title: t('status'),
      dataIndex: 'enabled',
      render: (enabled: boolean) => <Tag color={enabled ? 'green' : undefined}>{enabled ? t('on') : t('off')}</Tag>,
    },
    { title: t('updatedAt'), dataIndex: 'updated_at', render: formatTime },
    actionsColumn(t('actions'), (greeting: Greeting) => [
      { label: t('edit'), onClick: () => dialog.edit(greeting), testId: 'greeting-edit' },
      { label: t('delete'), danger: true, onClick: () => remove(greeting), testId: 'greeting-delete' },
    ]),
  ];
  return (
    <Card
      title={t('greetingTitle')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={dialog.add} data-testid="greeting-add">
          {t('greetingAdd')}
        </Button>
      }
      data-testid="greeting-page"
    >
      <Typography.Paragraph type="secondary">{t('greetingIntro')}</Typography.Paragraph>
      <Table<Greeting>
        rowKey="id"
        columns={columns}
        dataSource={greetings.data ?? []}
        loading={greetings.isFetching}
        pagination={false}
      />
      <GreetingForm {...dialog.dialog} onSaved={refresh} />
    </Card>
  );
}
