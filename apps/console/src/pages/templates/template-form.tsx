import {
  calls,
  TEMPLATE_CATEGORIES,
  TEMPLATE_LIMITS,
  type TemplateDetails,
  type TemplateProblem,
  templateProblem,
} from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useLanguage } from '@ws/web-kit/i18n';
import { NumberSelect } from '@ws/web-kit/pickers';
import { Alert, Button, Checkbox, Col, Drawer, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { BodyEditor, ButtonsEditor, HeaderEditor } from './component-editors.js';
import { draftOf, NEW_TEMPLATE_FIELDS, type TemplateFields } from './template-draft.js';
import { TemplatePreview } from './template-preview.js';

/** Where a rule's field is, in the form's words: `components.2.text` is the body's text. */
function usePlaceOf() {
  const { t } = useTranslation('templates');
  const names: Record<string, string> = {
    HEADER: t('header'),
    BODY: t('body'),
    FOOTER: t('footer'),
    BUTTONS: t('buttons'),
  };
  return (problem: TemplateProblem, draft: ReturnType<typeof draftOf>) => {
    const [first, index] = problem.field.split('.');
    if (first === 'components' && index !== undefined) {
      const type = draft.components[Number(index)]?.type;
      return type ? (names[type] ?? problem.field) : problem.field;
    }
    return first === 'name' ? t('name') : first === 'language' ? t('language') : problem.field;
  };
}

/**
 * The create drawer: number, name, language and category, the component editors, and beside them
 * a live preview of the message with the sample values. Meta's rules are checked as the operator
 * types (the same words the server would answer); submitting sends the template for review.
 */
export function TemplateFormDrawer({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose(): void;
  onSaved(template: TemplateDetails): void;
}) {
  const { t } = useTranslation('templates');
  const language = useLanguage();
  const codeName = useCodeName();
  const placeOf = usePlaceOf();
  const [form] = Form.useForm<TemplateFields>();
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  const fields = (Form.useWatch([], form) as TemplateFields | undefined) ?? NEW_TEMPLATE_FIELDS;
  const draft = draftOf(fields);
  // Shown once there is something to check, or after a submit: not while the form is still empty.
  const shownProblem = (draft.name && fields.body?.trim()) || tried ? templateProblem(draft) : undefined;

  const submit = async (values: TemplateFields) => {
    setTried(true);
    const body = draftOf(values);
    if (templateProblem(body)) return;
    setSaving(true);
    try {
      const template = await callApi(calls.templateAdd, { body, notifySuccess: true });
      form.resetFields();
      setTried(false);
      onSaved(template);
    } catch {
      // The request wrapper has shown the failure; the form stays as it was.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      size={1040}
      title={t('formTitle')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="template-submit">
            {t('submit')}
          </Button>
        </Space>
      }
    >
      <Row gutter={24} data-testid="template-form">
        <Col xs={24} lg={14}>
          <Form<TemplateFields>
            form={form}
            layout="vertical"
            initialValues={{ ...NEW_TEMPLATE_FIELDS, language: language === 'en' ? 'en_US' : 'zh_CN' }}
            onFinish={submit}
          >
            <Form.Item name="numberId" label={t('number')} rules={[{ required: true, message: t('numberRequired') }]}>
              <NumberSelect style={{ width: '100%' }} data-testid="template-number" />
            </Form.Item>
            <Space wrap align="start">
              <Form.Item
                name="name"
                label={t('name')}
                extra={t('nameHelp')}
                rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}
              >
                <Input maxLength={TEMPLATE_LIMITS.name} style={{ width: 240 }} data-testid="template-name" />
              </Form.Item>
              <Form.Item
                name="language"
                label={t('language')}
                extra={t('languageHelp')}
                rules={[{ required: true, whitespace: true, message: t('languageRequired') }]}
              >
                <Input maxLength={15} style={{ width: 140 }} data-testid="template-language" />
              </Form.Item>
              <Form.Item
                name="category"
                label={t('category')}
                rules={[{ required: true, message: t('categoryRequired') }]}
              >
                <Select
                  style={{ width: 150 }}
                  options={TEMPLATE_CATEGORIES.map((value) => ({ value, label: codeName('TemplateCategory', value) }))}
                  data-testid="template-category"
                />
              </Form.Item>
            </Space>
            <Form.Item name="allowCategoryChange" valuePropName="checked">
              <Checkbox>{t('allowCategoryChange')}</Checkbox>
            </Form.Item>
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              <HeaderEditor fields={fields} />
              <BodyEditor form={form} fields={fields} />
              <Form.Item name="footer" label={t('footer')} style={{ marginBottom: 0 }}>
                <Input maxLength={TEMPLATE_LIMITS.footer} showCount data-testid="template-footer" />
              </Form.Item>
              <ButtonsEditor fields={fields} />
            </Space>
          </Form>
        </Col>
        <Col xs={24} lg={10}>
          <div style={{ position: 'sticky', top: 0 }}>
            <Typography.Title level={5}>{t('livePreview')}</Typography.Title>
            <TemplatePreview components={draft.components} />
            {shownProblem && (
              <Alert
                style={{ marginTop: 12 }}
                type="warning"
                showIcon
                title={t('problem', { field: placeOf(shownProblem, draft), message: shownProblem[language] })}
                data-testid="template-problem"
              />
            )}
          </div>
        </Col>
      </Row>
    </Drawer>
  );
}
