import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { TEMPLATE_BUTTON_TYPES, TEMPLATE_HEADER_FORMATS, TEMPLATE_LIMITS, variableCount } from '@ws/contract';
import { Button, Card, Form, type FormInstance, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import type { TemplateFields } from './template-draft.js';

/** The header: none, text (with its variable's sample) or media (with a sample handle or URL). */
export function HeaderEditor({ fields }: { fields: TemplateFields }) {
  const { t } = useTranslation('templates');
  const codeName = useCodeName();
  const format = fields.headerFormat ?? 'NONE';
  return (
    <Card size="small" title={t('header')}>
      <Form.Item name="headerFormat">
        <Select
          options={[
            { value: 'NONE', label: t('headerNone') },
            ...TEMPLATE_HEADER_FORMATS.map((value) => ({ value, label: codeName('TemplateHeaderFormat', value) })),
          ]}
          data-testid="template-header-format"
        />
      </Form.Item>
      {format === 'TEXT' && (
        <Form.Item name="headerText" label={t('headerText')}>
          <Input maxLength={TEMPLATE_LIMITS.headerText} showCount data-testid="template-header-text" />
        </Form.Item>
      )}
      {format === 'TEXT' && variableCount(fields.headerText) > 0 && (
        <Form.Item name="headerExample" label={t('headerExample')}>
          <Input maxLength={TEMPLATE_LIMITS.example} data-testid="template-header-example" />
        </Form.Item>
      )}
      {format !== 'NONE' && format !== 'TEXT' && (
        <Form.Item name="headerHandle" label={t('headerHandle')}>
          <Input maxLength={TEMPLATE_LIMITS.url} placeholder="https://" data-testid="template-header-handle" />
        </Form.Item>
      )}
    </Card>
  );
}

/** The body with a button that adds the next variable, and one sample field per variable. */
export function BodyEditor({ form, fields }: { form: FormInstance<TemplateFields>; fields: TemplateFields }) {
  const { t } = useTranslation('templates');
  const count = variableCount(fields.body);
  const addVariable = () => form.setFieldValue('body', `${fields.body ?? ''}{{${count + 1}}}`);
  return (
    <Card
      size="small"
      title={t('body')}
      extra={
        <Button size="small" icon={<PlusOutlined />} onClick={addVariable} data-testid="template-add-variable">
          {t('addVariable')}
        </Button>
      }
    >
      <Form.Item
        name="body"
        extra={t('bodyHelp')}
        rules={[{ required: true, whitespace: true, message: t('bodyRequired') }]}
      >
        <Input.TextArea rows={5} maxLength={TEMPLATE_LIMITS.body} showCount data-testid="template-body" />
      </Form.Item>
      {Array.from({ length: count }, (_, index) => (
        <Form.Item
          // The nth variable's sample: its position is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          name={['bodyExamples', index]}
          label={t('bodyExample', { n: `{{${index + 1}}}` })}
        >
          <Input maxLength={TEMPLATE_LIMITS.example} data-testid={`template-body-example-${index + 1}`} />
        </Form.Item>
      ))}
    </Card>
  );
}

/** Up to ten buttons: quick replies, links (with a sample when the link has a variable), a phone number. */
export function ButtonsEditor({ fields }: { fields: TemplateFields }) {
  const { t } = useTranslation('templates');
  const codeName = useCodeName();
  return (
    <Card size="small" title={t('buttons')}>
      <Form.List name="buttons">
        {(rows, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {rows.map((row) => {
              const button = fields.buttons?.[row.name];
              return (
                <Space key={row.key} align="start" wrap data-testid="template-button-row">
                  <Form.Item name={[row.name, 'type']} label={t('buttonType')}>
                    <Select
                      style={{ width: 150 }}
                      options={TEMPLATE_BUTTON_TYPES.map((value) => ({
                        value,
                        label: codeName('TemplateButtonType', value),
                      }))}
                      data-testid="template-button-type"
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'text']} label={t('buttonText')}>
                    <Input
                      maxLength={TEMPLATE_LIMITS.buttonText}
                      style={{ width: 180 }}
                      data-testid="template-button-text"
                    />
                  </Form.Item>
                  {button?.type === 'URL' && (
                    <Form.Item name={[row.name, 'url']} label={t('buttonUrl')}>
                      <Input maxLength={TEMPLATE_LIMITS.url} placeholder="https://" data-testid="template-button-url" />
                    </Form.Item>
                  )}
                  {button?.type === 'URL' && button.url?.includes('{{') && (
                    <Form.Item name={[row.name, 'urlExample']} label={t('buttonUrlExample')}>
                      <Input maxLength={TEMPLATE_LIMITS.url} data-testid="template-button-url-example" />
                    </Form.Item>
                  )}
                  {button?.type === 'PHONE_NUMBER' && (
                    <Form.Item name={[row.name, 'phone']} label={t('buttonPhone')}>
                      <Input
                        maxLength={TEMPLATE_LIMITS.phone}
                        placeholder="+8613800138000"
                        data-testid="template-button-phone"
                      />
                    </Form.Item>
                  )}
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(row.name)}
                    aria-label={t('removeButton')}
                    style={{ marginTop: 30 }}
                  />
                </Space>
              );
            })}
            <Button
              icon={<PlusOutlined />}
              disabled={rows.length >= TEMPLATE_LIMITS.buttons}
              onClick={() => add({ type: 'QUICK_REPLY', text: '' })}
              data-testid="template-add-button"
            >
              {t('addButton')}
            </Button>
          </Space>
        )}
      </Form.List>
    </Card>
  );
}
