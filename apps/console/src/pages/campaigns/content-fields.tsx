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
import {
  type CampaignFields,
  type ContentDraft,
  defaultBinding,
  type FieldPath,
  type VariableFields,
} from './campaign-draft.js';

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

/** Where an editor's fields sit: the main content's at the top, an A/B split's B under `split`. */
interface EditorPlace {
  at(name: string): FieldPath;
  testId(name: string): string;
}

const placeOf = (inSplit: boolean): EditorPlace => ({
  at: (name) => (inSplit ? ['split', name] : [name]),
  testId: (name) => (inSplit ? `campaign-b-${name}` : `campaign-${name}`),
});

/** One input per template variable: a contact field with a fallback, or the same text for everyone. */
function VariableInputs({
  keys,
  variables,
  place,
}: {
  keys: readonly string[];
  variables: CampaignFields['variables'];
  place: EditorPlace;
}) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  if (keys.length === 0) return <Typography.Text type="secondary">{t('noVariables')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid={place.testId('variables')}>
      {keys.map((key) => {
        const binding = variables?.[key] ?? defaultBinding(key);
        const testKey = key.replace(/\./g, '-');
        const name = (part: string) => [...place.at('variables'), key, part];
        return (
          <Space key={key} align="start" wrap>
            <Typography.Text code style={{ display: 'inline-block', minWidth: 90, marginTop: 5 }}>
              {`{{${key}}}`}
            </Typography.Text>
            <Form.Item name={name('source')} initialValue={binding.source} noStyle>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'field', label: t('variableField') },
                  { value: 'constant', label: t('variableConstant') },
                ]}
                data-testid={place.testId(`variable-source-${testKey}`)}
              />
            </Form.Item>
            {binding.source === 'field' ? (
              <>
                <Form.Item name={name('field')} initialValue={binding.field ?? 'name'} noStyle>
                  <Select
                    style={{ width: 130 }}
                    options={CONTACT_FIELDS.map((value) => ({ value, label: codeName('ContactField', value) }))}
                    data-testid={place.testId(`variable-field-${testKey}`)}
                  />
                </Form.Item>
                <Form.Item name={name('fallback')} style={{ marginBottom: 0 }}>
                  <Input
                    placeholder={t('variableFallback')}
                    maxLength={100}
                    style={{ width: 180 }}
                    data-testid={place.testId(`variable-fallback-${testKey}`)}
                  />
                </Form.Item>
              </>
            ) : (
              <Form.Item
                name={name('value')}
                rules={[{ required: true, whitespace: true, message: t('variableRequired') }]}
                style={{ marginBottom: 0 }}
              >
                <Input
                  placeholder={t('variableValue')}
                  maxLength={CAMPAIGN_LIMITS.constant}
                  style={{ width: 320 }}
                  data-testid={place.testId(`variable-value-${testKey}`)}
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
 * An A/B split's B (`inSplit`) is edited the same way under `split`, of A's kind.
 */
export function ContentFields({
  draft,
  template,
  inSplit = false,
}: {
  draft: ContentDraft;
  template: ReturnType<typeof useChosenTemplate>;
  inSplit?: boolean;
}) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  const place = placeOf(inSplit);
  return (
    <>
      {!inSplit && (
        <Form.Item name="contentKind" label={t('content')}>
          <Radio.Group
            options={[
              { value: 'template', label: t('contentTemplate') },
              { value: 'text', label: t('contentText') },
            ]}
            data-testid="campaign-content-kind"
          />
        </Form.Item>
      )}
      {draft.contentKind === 'text' ? (
        <>
          {!inSplit && <Alert type="info" showIcon title={t('textWindowNote')} style={{ marginBottom: 12 }} />}
          <Form.Item
            name={place.at('text')}
            label={inSplit ? t('splitContent') : undefined}
            rules={[{ required: true, whitespace: true, message: t('textRequired') }]}
          >
            <Input.TextArea rows={4} maxLength={CAMPAIGN_LIMITS.text} showCount data-testid={place.testId('text')} />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item
            name={place.at('templateId')}
            label={inSplit ? t('splitContent') : t('template')}
            extra={inSplit ? t('splitTemplateHelp') : t('templateHelp')}
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
              data-testid={place.testId('template')}
            />
          </Form.Item>
          {template.template && (
            <TemplateChosen
              template={template.template}
              draft={draft}
              chosen={template}
              codeName={codeName}
              place={place}
            />
          )}
        </>
      )}
    </>
  );
}

function TemplateChosen({
  template,
  draft,
  chosen,
  codeName,
  place,
}: {
  template: TemplateDetails;
  draft: ContentDraft;
  chosen: ReturnType<typeof useChosenTemplate>;
  codeName: ReturnType<typeof useCodeName>;
  place: EditorPlace;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%', marginBottom: 16 }}>
      <div data-testid={place.testId('template-preview')}>
        <TemplatePreview
          components={componentsWithBindings(template.components, draft.variables, (field) =>
            codeName('ContactField', field),
          )}
        />
      </div>
      <Typography.Text strong>{t('variables')}</Typography.Text>
      <VariableInputs keys={chosen.variableKeys} variables={draft.variables} place={place} />
      {chosen.mediaFormat && (
        <Form.Item
          name={place.at('headerLink')}
          label={t('headerLink', { format: codeName('TemplateHeaderFormat', chosen.mediaFormat) })}
          rules={[
            { required: true, message: t('headerLinkRequired') },
            { type: 'url', message: t('headerLinkInvalid') },
          ]}
        >
          <Input placeholder="https://" data-testid={place.testId('header-link')} />
        </Form.Item>
      )}
    </Space>
  );
}
