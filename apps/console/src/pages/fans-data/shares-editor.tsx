import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { calls, MAX_SHARES, type Pool, type SetShares, type ShareMode, type ShareTarget } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { NumberSelect, OwnerSelect } from '@ws/web-kit/pickers';
import { Button, Form, Input, InputNumber, Radio, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form/index.js';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { ModalForm } from '../../components/form/index.js';

/** One row of the editor: a number or agent already sharing (with its label), or one being added. */
interface ShareRow {
  targetId?: string;
  label?: string;
  amount?: number;
  /** Numbers: unique people a day its tier allows (null: unlimited or unknown). */
  capacity?: number | null;
}

export interface SharesFields {
  mode: ShareMode;
  numbers: ShareRow[];
  agents: ShareRow[];
}

/** The editor's values for a pool's present shares. */
export function fieldsOfPool(pool: Pool): SharesFields {
  const rows = (target: ShareTarget) =>
    pool.shares
      .filter((share) => share.target === target)
      .map((share) => ({
        targetId: share.target_id,
        label: share.label,
        amount: share.amount,
        capacity: share.daily_capacity,
      }));
  return { mode: pool.shares[0]?.mode ?? 'count', numbers: rows('number'), agents: rows('agent') };
}

/** The setrange body the editor's values say. */
export function sharesOf(id: string, fields: SharesFields): SetShares {
  const shares = (target: ShareTarget, rows: ShareRow[]) =>
    rows.map((row) => ({ target, targetId: row.targetId as string, amount: row.amount ?? 0 }));
  return { id, mode: fields.mode, shares: [...shares('number', fields.numbers), ...shares('agent', fields.agents)] };
}

/**
 * The shares of a pool: a mode (each target gets at most a count of contacts, or a weight of what is
 * left) and a share per number and per agent. A number given more than its daily capacity is
 * flagged: reaching them all takes more than a day. Saving starts the allocation as a job.
 */
export function SharesEditor({ pool, onClose, onSaved }: { pool: Pool; onClose(): void; onSaved(pool: Pool): void }) {
  const { t } = useTranslation('allocation');
  const codeName = useCodeName();
  const [form] = Form.useForm<SharesFields>();
  const initial = useMemo(() => fieldsOfPool(pool), [pool]);
  const values = Form.useWatch([], form) as Partial<SharesFields> | undefined;
  const mode = values?.mode ?? initial.mode;

  const save = async (fields: SharesFields) => {
    onSaved(await callApi(calls.poolSetShares, { body: sharesOf(pool.id, fields), notifySuccess: true }));
  };

  /** Refuses a number or agent chosen twice in its list. */
  const once =
    (list: 'numbers' | 'agents', index: number): Rule =>
    () => ({
      validator: async (_, targetId?: string) => {
        const rows: ShareRow[] = form.getFieldValue(list) ?? [];
        if (targetId && rows.some((row, other) => other !== index && row?.targetId === targetId)) {
          throw new Error(t('chosenTwice'));
        }
      },
    });

  const rowsOf = (list: 'numbers' | 'agents') => (
    <Form.List name={list} initialValue={initial[list]}>
      {(rows, { add, remove }) => (
        <>
          {rows.map((row) => {
            // The store keeps a row's label and capacity (no field shows them, so useWatch leaves them out).
            const value: ShareRow = form.getFieldValue([list, row.name]) ?? {};
            const amount = values?.[list]?.[row.name]?.amount ?? value.amount;
            const over = mode === 'count' && value.capacity != null && (amount ?? 0) > value.capacity;
            const target = [
              { required: true, message: t(list === 'numbers' ? 'numberRequired' : 'agentRequired') },
              once(list, row.name),
            ];
            return (
              <Space key={row.key} align="start" wrap style={{ display: 'flex' }} data-testid={`share-row-${list}`}>
                {value.label ? (
                  <>
                    <Form.Item name={[row.name, 'targetId']} rules={target} hidden>
                      <Input />
                    </Form.Item>
                    <Typography.Text
                      style={{ display: 'inline-block', width: 240, lineHeight: '32px' }}
                      data-testid="share-label"
                    >
                      {value.label}
                    </Typography.Text>
                  </>
                ) : (
                  <Form.Item name={[row.name, 'targetId']} rules={target} style={{ width: 240, marginBottom: 8 }}>
                    {list === 'numbers' ? (
                      <NumberSelect
                        placeholder={t('chooseNumber')}
                        style={{ width: '100%' }}
                        data-testid="share-number"
                      />
                    ) : (
                      <OwnerSelect
                        of="contact"
                        placeholder={t('chooseAgent')}
                        style={{ width: '100%' }}
                        data-testid="share-agent"
                      />
                    )}
                  </Form.Item>
                )}
                <Form.Item
                  name={[row.name, 'amount']}
                  rules={[{ required: true, message: t('amountRequired') }]}
                  style={{ marginBottom: 8 }}
                  {...(over
                    ? { validateStatus: 'warning' as const, help: t('overCapacityHint', { capacity: value.capacity }) }
                    : {})}
                >
                  <InputNumber
                    min={0}
                    max={100_000_000}
                    precision={0}
                    placeholder={mode === 'count' ? t('count') : t('weight')}
                    style={{ width: 160 }}
                    data-testid="share-amount"
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  onClick={() => remove(row.name)}
                  aria-label={t('remove')}
                  data-testid="share-remove"
                />
              </Space>
            );
          })}
          <Button
            icon={<PlusOutlined />}
            disabled={rows.length >= MAX_SHARES}
            onClick={() => add({})}
            style={{ display: 'block', marginBottom: 16 }}
            data-testid={`share-add-${list}`}
          >
            {list === 'numbers' ? t('addNumber') : t('addAgent')}
          </Button>
        </>
      )}
    </Form.List>
  );

  return (
    <ModalForm<SharesFields>
      title={t('sharesTitle', { name: pool.name })}
      form={form}
      width={720}
      okText={t('saveShares')}
      onSubmit={save}
      onClose={onClose}
      testId="shares-editor"
      okTestId="shares-editor-ok"
      intro={<Typography.Paragraph type="secondary">{t('sharesIntro')}</Typography.Paragraph>}
    >
      <Form.Item
        name="mode"
        label={t('mode')}
        initialValue={initial.mode}
        extra={t(mode === 'count' ? 'modeCountHint' : 'modeWeightHint')}
      >
        <Radio.Group
          optionType="button"
          options={(['count', 'weight'] as const).map((value) => ({ value, label: codeName('ShareMode', value) }))}
          data-testid="shares-mode"
        />
      </Form.Item>
      <Typography.Text strong>{t('numbers')}</Typography.Text>
      {rowsOf('numbers')}
      <Typography.Text strong>{t('agents')}</Typography.Text>
      {rowsOf('agents')}
    </ModalForm>
  );
}
