import { useQuery } from '@tanstack/react-query';
import {
  CAMPAIGN_LIMITS,
  CONTACT_FIELDS,
  calls,
  mediaHeaderFormat,
  type TemplateComponent,
  type TemplateDetails,
  templateVariableKeys,
} from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { SearchSelect } from '@ws/web-kit/pickers';
import { Alert, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { TemplatePreview } from '../templates/template-preview.js';
import { type CampaignFields, defaultBinding, type VariableFields } from './campaign-draft.js';

/** Approved templates offered at once; typing part of the name narrows them. */
const OFFERED = 30;

/** The chosen template with its components, its variables' keys and whether its header needs a file. */
export function useChosenTemplate(templateId: string | undefined) {
  const details = useQuery({
    queryKey: [calls.templateDetails.id, templateId],
    queryFn: ({ signal }) => callApi(calls.templateDetails, { body: { id: templateId as string }, signal }),
    enabled: !!templateId,
    staleTime: 60_000,
  });
  const components = details.data?.components ?? [];
  return {
    template: details.data,
    variableKeys: templateVariableKeys(components),
    mediaFormat: mediaHeaderFormat(components),
  };
}

/** What a variable shows in the preview: the constant, or the contact field's name in brackets. */
function previewValue(binding: VariableFields | undefined, fieldName: (field: string) => string): string | undefined {
  if (!binding) return undefined;
  if (binding.source === 'constant') return binding.value || undefined;
  return `[${fieldName(binding.field ?? 'name')}]`;
}

/** The template's components with each numbered variable's binding as its sample, for the preview. */
export function componentsWithBindings(
  components: readonly TemplateComponent[],
  variables: CampaignFields['variables'],
  fieldName: (field: string) => string,
): TemplateComponent[] {
  const valuesOf = (prefix: string, text: string | undefined) =>
    [...(text ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)].reduce<string[]>((values, match) => {
      const index = Number(match[1]);
      values[index - 1] = previewValue(variables?.[`${prefix}.${index}`], fieldName) ?? `{{${index}}}`;
      return values;
    }, []);
  return components.map((component) => {
    if (component.type === 'BODY') return { ...component, example: { body_text: [valuesOf('body', component.text)] } };
    if (component.type === 'HEADER' && (component.format ?? 'TEXT') === 'TEXT') {
      return { ...component, example: { header_text: valuesOf('header', component.text) } };
    }
    return component;
  });
}

/** One input per template variable: a contact field with a fallback, or the same text for everyone. */
function VariableInputs({ keys, variables }: { keys: readonly string[]; variables: CampaignFields['variables'] }) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  if (keys.length === 0) return <Typography.Text type="secondary">{t('noVariables')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="campaign-variables">
      {keys.map((key) => {
        const binding = variables?.[key] ?? defaultBinding(key);
        const testKey = key.replace(/\./g, '-');
        return (
          <Space key={key} align="start" wrap>
            <Typography.Text code style={{ display: 'inline-block', minWidth: 90, marginTop: 5 }}>
              {`{{${key}}}`}
            </Typography.Text>
            <Form.Item name={['variables', key, 'source']} initialValue={binding.source} noStyle>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'field', label: t('variableField') },
                  { value: 'constant', label: t('variableConstant') },
                ]}
                data-testid={`campaign-variable-source-${testKey}`}
              />
            </Form.Item>
            {binding.source === 'field' ? (
              <>
                <Form.Item name={['variables', key, 'field']} initialValue={binding.field ?? 'name'} noStyle>
                  <Select
                    style={{ width: 130 }}
                    options={CONTACT_FIELDS.map((value) => ({ value, label: codeName('ContactField', value) }))}
                    data-testid={`campaign-variable-field-${testKey}`}
                  />
                </Form.Item>
                <Form.Item name={['variables', key, 'fallback']} style={{ marginBottom: 0 }}>
                  <Input
                    placeholder={t('variableFallback')}
                    maxLength={100}
                    style={{ width: 180 }}
                    data-testid={`campaign-variable-fallback-${testKey}`}
                  />
                </Form.Item>
              </>
            ) : (
              <Form.Item
                name={['variables', key, 'value']}
                rules={[{ required: true, whitespace: true, message: t('variableRequired') }]}
                style={{ marginBottom: 0 }}
              >
                <Input
                  placeholder={t('variableValue')}
                  maxLength={CAMPAIGN_LIMITS.constant}
                  style={{ width: 320 }}
                  data-testid={`campaign-variable-value-${testKey}`}
                />
              </Form.Item>
            )}
          </Space>
        );
      })}
    </Space>
  );
}

/**
 * What the campaign sends: an approved template (picked by name, previewed with the variables'
 * bindings, one input per variable, a media header's link) or free text for open windows only.
 */
export function ContentFields({
  fields,
  template,
}: {
  fields: CampaignFields;
  template: ReturnType<typeof useChosenTemplate>;
}) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  return (
    <>
      <Form.Item name="contentKind" label={t('content')}>
        <Radio.Group
          options={[
            { value: 'template', label: t('contentTemplate') },
            { value: 'text', label: t('contentText') },
          ]}
          data-testid="campaign-content-kind"
        />
      </Form.Item>
      {fields.contentKind === 'text' ? (
        <>
          <Alert type="info" showIcon title={t('textWindowNote')} style={{ marginBottom: 12 }} />
          <Form.Item name="text" rules={[{ required: true, whitespace: true, message: t('textRequired') }]}>
            <Input.TextArea rows={4} maxLength={CAMPAIGN_LIMITS.text} showCount data-testid="campaign-text" />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item
            name="templateId"
            label={t('template')}
            extra={t('templateHelp')}
            rules={[{ required: true, message: t('templateRequired') }]}
          >
            <SearchSelect
              queryKey={[calls.templateList.id, 'campaign-template-select']}
              search={async (search, signal) => {
                const page = await callApi(calls.templateList, {
                  body: { page: 1, pageSize: OFFERED, filters: { status: 'APPROVED', search } },
                  signal,
                });
                return page.records.map((found) => ({
                  value: found.id,
                  label: `${found.name} · ${found.language} · ${found.phone ?? found.waba_name ?? found.waba_id}`,
                }));
              }}
              notFound={t('templateNone')}
              placeholder={t('templatePlaceholder')}
              style={{ width: '100%' }}
              data-testid="campaign-template"
            />
          </Form.Item>
          {template.template && (
            <TemplateChosen template={template.template} fields={fields} chosen={template} codeName={codeName} />
          )}
        </>
      )}
    </>
  );
}

function TemplateChosen({
  template,
  fields,
  chosen,
  codeName,
}: {
  template: TemplateDetails;
  fields: CampaignFields;
  chosen: ReturnType<typeof useChosenTemplate>;
  codeName: ReturnType<typeof useCodeName>;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%', marginBottom: 16 }}>
      <div data-testid="campaign-template-preview">
        <TemplatePreview
          components={componentsWithBindings(template.components, fields.variables, (field) =>
            codeName('ContactField', field),
          )}
        />
      </div>
      <Typography.Text strong>{t('variables')}</Typography.Text>
      <VariableInputs keys={chosen.variableKeys} variables={fields.variables} />
      {chosen.mediaFormat && (
        <Form.Item
          name="headerLink"
          label={t('headerLink', { format: codeName('TemplateHeaderFormat', chosen.mediaFormat) })}
          rules={[
            { required: true, message: t('headerLinkRequired') },
            { type: 'url', message: t('headerLinkInvalid') },
          ]}
        >
          <Input placeholder="https://" data-testid="campaign-header-link" />
        </Form.Item>
      )}
    </Space>
  );
}
