import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type AudienceList, MAX_CUSTOM_FIELDS } from '@ws/contract';
import { Alert, Button, Col, Form, Input, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runAudience } from './audience-calls.js';
import { fieldsOf, type MappingFields, mappingOf, moveColumns, OPTIONAL_FIELDS, shapeOf } from './mapping-shape.js';

const FIELD_KEY = /^[a-z][a-z0-9_]{0,31}$/;

/**
 * Step 2 of an upload (and a draft's "map columns"): which column holds the phone (required), the
 * name, opt-in time, language and tags, and custom fields (key → column), over a preview of the
 * file's first rows; a switch says whether the first row is a header. "Start check" runs the list.
 */
export function MappingStep({ list, onStarted }: { list: AudienceList; onStarted(list: AudienceList): void }) {
  const { t } = useTranslation('audiences');
  const [form] = Form.useForm<MappingFields>();
  const [hasHeader, setHasHeader] = useState(list.has_header);
  const [sending, setSending] = useState(false);
  const shape = useMemo(() => shapeOf(list, hasHeader), [list, hasHeader]);
  const initial = useMemo(() => fieldsOf(list.mapping), [list.mapping]);
  const watched = Form.useWatch([], form) as MappingFields | undefined;
  const columnOptions = shape.columns.map((column) => ({ value: column, label: column }));

  const switchHeader = (next: boolean) => {
    const moved = moveColumns(form.getFieldsValue(true) as MappingFields, shape.columns, shapeOf(list, next).columns);
    setHasHeader(next);
    form.setFieldsValue(moved);
  };

  const submit = async (values: MappingFields) => {
    setSending(true);
    try {
      onStarted(await runAudience(list.id, mappingOf(values), hasHeader));
    } catch {
      // The request wrapper showed why (a column the file lacks, a job loading the list).
    } finally {
      setSending(false);
    }
  };

  /** The fields each column is mapped to, for the preview's headers. */
  const mappedTo = useMemo(() => {
    const labels = new Map<string, string[]>();
    const add = (column: string | undefined, label: string) => {
      if (column) labels.set(column, [...(labels.get(column) ?? []), label]);
    };
    add(watched?.phone, t('mapPhone'));
    for (const field of OPTIONAL_FIELDS) add(watched?.[field], t(`map_${field}`));
    for (const custom of watched?.fields ?? []) if (custom?.key) add(custom.column, custom.key);
    return labels;
  }, [watched, t]);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="audience-mapping-step">
      <Alert type="info" showIcon title={t('mappingIntro', { file: list.file_name })} />
      <Space>
        <Switch
          checked={hasHeader}
          disabled={list.file_kind === 'lines'}
          onChange={switchHeader}
          data-testid="audience-has-header"
        />
        <Typography.Text>{t('hasHeader')}</Typography.Text>
      </Space>
      <Form<MappingFields>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void submit(values)}
        data-testid="audience-mapping-form"
      >
        <Row gutter={16}>
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="phone" label={t('mapPhone')} rules={[{ required: true, message: t('phoneRequired') }]}>
              <Select options={columnOptions} placeholder={t('chooseColumn')} data-testid="audience-map-phone" />
            </Form.Item>
          </Col>
          {OPTIONAL_FIELDS.map((field) => (
            <Col key={field} xs={24} sm={12} md={8}>
              <Form.Item name={field} label={t(`map_${field}`)}>
                <Select
                  allowClear
                  options={columnOptions}
                  placeholder={t('notInFile')}
                  data-testid={`audience-map-${field}`}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Typography.Text strong>{t('customFields')}</Typography.Text>
        <Typography.Paragraph type="secondary">{t('customFieldsHint')}</Typography.Paragraph>
        <Form.List name="fields">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row) => (
                <Space key={row.key} align="start" style={{ display: 'flex' }} data-testid="audience-custom-field">
                  <Form.Item
                    name={[row.name, 'key']}
                    rules={[
                      { required: true, message: t('fieldKeyRequired') },
                      { pattern: FIELD_KEY, message: t('fieldKeyInvalid') },
                    ]}
                  >
                    <Input placeholder={t('fieldKey')} style={{ width: 180 }} data-testid="audience-field-key" />
                  </Form.Item>
                  <Form.Item name={[row.name, 'column']} rules={[{ required: true, message: t('chooseColumn') }]}>
                    <Select
                      options={columnOptions}
                      placeholder={t('chooseColumn')}
                      style={{ width: 200 }}
                      data-testid="audience-field-column"
                    />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} onClick={() => remove(row.name)} aria-label={t('remove')} />
                </Space>
              ))}
              <Button
                icon={<PlusOutlined />}
                disabled={rows.length >= MAX_CUSTOM_FIELDS}
                onClick={() => add({})}
                style={{ marginBottom: 16 }}
                data-testid="audience-add-field"
              >
                {t('addField')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
      <Typography.Text strong>{t('preview')}</Typography.Text>
      <Table<{ key: number; cells: string[] }>
        size="small"
        bordered
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={shape.preview.map((cells, index) => ({ key: index, cells }))}
        columns={shape.columns.map((column, index) => ({
          key: `${index}`,
          title: (
            <Space orientation="vertical" size={2}>
              <span>{column}</span>
              {(mappedTo.get(column) ?? []).map((label) => (
                <Tag key={label} color="blue" style={{ marginInlineEnd: 0 }}>
                  {label}
                </Tag>
              ))}
            </Space>
          ),
          render: (_, row) => row.cells[index] ?? '',
        }))}
        data-testid="audience-preview"
      />
      <Button type="primary" loading={sending} onClick={() => form.submit()} data-testid="audience-run">
        {t('startCheck')}
      </Button>
    </Space>
  );
}
