import { useMutation, useQuery } from '@tanstack/react-query';
import { calls, type InboxTemplate } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Alert, App, Button, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The template's body with the variables filled so far ({{n}} left for the empty ones). */
export const filledBody = (body: string, values: readonly string[]) =>
  body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => values[Number(n) - 1]?.trim() || whole);

/**
 * What the composer offers when the 24-hour window is closed: the number's approved templates
 * (`inbox/templates`), their variables with a preview, sent by `inbox/send-template`; and why
 * nothing else may go.
 */
export default function TemplateComposer({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('composer');
  const { message } = App.useApp();
  const templates = useQuery({
    queryKey: ['client.templates', conversationId],
    queryFn: ({ signal }) => callApi(calls.inboxTemplates, { body: { conversationId }, signal }),
  });
  const [picked, setPicked] = useState<InboxTemplate>();
  const [values, setValues] = useState<string[]>([]);
  const send = useMutation({
    mutationFn: (template: InboxTemplate) =>
      callApi(calls.inboxSendTemplate, {
        body: { conversationId, templateId: template.id, variables: values.slice(0, template.variables) },
      }),
    onSuccess: () => {
      void message.success(t('sent'));
      setPicked(undefined);
      setValues([]);
    },
  });
  const complete =
    picked !== undefined && values.slice(0, picked.variables).filter((v) => v?.trim()).length === picked.variables;
  return (
    <div data-testid="template-composer">
      <Alert
        type="info"
        showIcon
        data-testid="window-closed"
        message={t('windowClosedTitle')}
        description={t('windowClosedWhy')}
        style={{ marginBottom: 8 }}
      />
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          showSearch
          optionFilterProp="label"
          placeholder={t('pickTemplate')}
          loading={templates.isPending}
          notFoundContent={t('noTemplates')}
          value={picked?.id}
          style={{ width: '100%' }}
          data-testid="template-select"
          options={(templates.data ?? []).map((template) => ({
            value: template.id,
            label: `${template.name} (${template.language})`,
          }))}
          onChange={(id: string) => {
            setPicked(templates.data?.find((template) => template.id === id));
            setValues([]);
          }}
        />
        {picked && (
          <>
            {Array.from({ length: picked.variables }, (_, index) => (
              <Input
                // biome-ignore lint/suspicious/noArrayIndexKey: the variables are numbered by position.
                key={index}
                addonBefore={t('variable', { n: index + 1 })}
                value={values[index] ?? ''}
                maxLength={1024}
                data-testid="template-variable"
                onChange={(event) => {
                  const next = [...values];
                  next[index] = event.target.value;
                  setValues(next);
                }}
              />
            ))}
            <div data-testid="template-preview">
              <Typography.Text type="secondary">{t('preview')}: </Typography.Text>
              <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{filledBody(picked.body, values)}</Typography.Text>
            </div>
            <Button
              type="primary"
              disabled={!complete}
              loading={send.isPending}
              data-testid="template-send"
              onClick={() => send.mutate(picked)}
            >
              {t('sendTemplate')}
            </Button>
          </>
        )}
      </Space>
    </div>
  );
}
