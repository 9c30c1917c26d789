import { CAMPAIGN_LIMITS, type CampaignForecast, type CampaignKind } from '@ws/contract';
import { ApiError, callApi } from '@ws/web-kit/api';
import { dateTimePickerFormat, TIME_PICKER_FORMAT } from '@ws/web-kit/utils';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Space,
  Switch,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AudienceFields, SenderFields } from './audience-fields.js';
import { callsOf } from './campaign-calls.js';
import {
  type CampaignFields,
  campaignBodyOf,
  fieldErrorsOf,
  NEW_CAMPAIGN_FIELDS,
  type NewCampaignBody,
  needsForecast,
} from './campaign-draft.js';
import { ForecastCard } from './campaign-forecast.js';
import { ContentFields, useChosenTemplate } from './content-fields.js';
import { SplitFields } from './split-fields.js';

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** When and how fast: start now or at a time, an optional daily window, the rate, the frequency cap, stop on reply. */
function ScheduleFields({ fields }: { fields: CampaignFields }) {
  const { t } = useTranslation('campaigns');
  const clockRule = { pattern: CLOCK_TIME, message: t('clockInvalid') };
  return (
    <>
      <Form.Item name="startMode" label={t('schedule')}>
        <Radio.Group
          options={[
            { value: 'now', label: t('startNow') },
            { value: 'at', label: t('startAt') },
          ]}
          data-testid="campaign-start-mode"
        />
      </Form.Item>
      {fields.startMode === 'at' && (
        <Form.Item name="startAt" rules={[{ required: true, message: t('startAtRequired') }]}>
          <DatePicker
            showTime={{ format: TIME_PICKER_FORMAT }}
            format={dateTimePickerFormat()}
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            data-testid="campaign-start-at"
          />
        </Form.Item>
      )}
      <Form.Item label={t('window')} extra={t('windowHelp')}>
        <Space wrap>
          <Form.Item name="windowOn" valuePropName="checked" noStyle>
            <Switch data-testid="campaign-window-on" />
          </Form.Item>
          {fields.windowOn && (
            <>
              <Form.Item name="windowFrom" noStyle rules={[{ required: true, message: t('clockInvalid') }, clockRule]}>
                <Input placeholder="09:00" style={{ width: 90 }} maxLength={5} data-testid="campaign-window-from" />
              </Form.Item>
              <span>–</span>
              <Form.Item name="windowTo" noStyle rules={[{ required: true, message: t('clockInvalid') }, clockRule]}>
                <Input placeholder="21:00" style={{ width: 90 }} maxLength={5} data-testid="campaign-window-to" />
              </Form.Item>
            </>
          )}
        </Space>
      </Form.Item>
      <Space wrap align="start" size={24}>
        <Form.Item name="ratePerSecond" label={t('rate')} extra={t('rateHelp')}>
          <InputNumber min={1} max={1000} precision={0} placeholder={t('rateAuto')} data-testid="campaign-rate" />
        </Form.Item>
        <Form.Item name="frequencyCapHours" label={t('frequencyCap')} extra={t('frequencyCapHelp')}>
          <InputNumber min={0} max={720} precision={0} data-testid="campaign-frequency-cap" />
        </Form.Item>
        <Form.Item name="stopOnReply" label={t('stopOnReply')} valuePropName="checked" extra={t('stopOnReplyHelp')}>
          <Switch data-testid="campaign-stop-on-reply" />
        </Form.Item>
      </Space>
    </>
  );
}

/**
 * The create drawer: name, senders, audience, content, schedule and options; a forecast (`add`
 * with `preview: true`) beside them, required fresh before a burst send starts; submitting creates
 * the campaign, started now or at its time. A 400 naming a field is shown on that field too.
 */
export function CampaignFormDrawer({
  kind,
  open,
  initial = NEW_CAMPAIGN_FIELDS,
  onClose,
  onSaved,
}: {
  kind: CampaignKind;
  open: boolean;
  /** The form's first values (a retarget starts with the earlier campaign chosen). */
  initial?: CampaignFields;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('campaigns');
  const [form] = Form.useForm<CampaignFields>();
  const watched = (Form.useWatch([], form) as CampaignFields | undefined) ?? NEW_CAMPAIGN_FIELDS;
  const fields: CampaignFields = { ...NEW_CAMPAIGN_FIELDS, ...watched };
  const template = useChosenTemplate(fields.contentKind === 'template' ? fields.templateId : undefined);
  const splitTemplate = useChosenTemplate(
    fields.splitOn && fields.contentKind === 'template' ? fields.split?.templateId : undefined,
  );
  const [saving, setSaving] = useState(false);
  const [forecasting, setForecasting] = useState(false);
  const [forecast, setForecast] = useState<{ key: string; forecast: CampaignForecast }>();
  const shape = {
    variableKeys: template.variableKeys,
    mediaHeader: template.mediaFormat !== null,
    split: { variableKeys: splitTemplate.variableKeys, mediaHeader: splitTemplate.mediaFormat !== null },
  };
  const keyOf = (values: CampaignFields) => JSON.stringify(campaignBodyOf(values, shape));
  const stale = forecast !== undefined && forecast.key !== keyOf(fields);
  const forecastRequired = needsForecast(kind) && (!forecast || stale);

  /** The form's values once valid, or undefined (the fields say what is wrong). */
  const validValues = async (): Promise<CampaignFields | undefined> => {
    try {
      await form.validateFields();
    } catch {
      return undefined;
    }
    return { ...NEW_CAMPAIGN_FIELDS, ...(form.getFieldsValue(true) as CampaignFields) };
  };
  const showFieldErrors = (error: unknown, values: CampaignFields) => {
    // The request wrapper has shown the message; a 400 naming fields is also shown on them.
    if (error instanceof ApiError && error.status === 400) {
      form.setFields(fieldErrorsOf(error.message, values.audienceSource) as Parameters<typeof form.setFields>[0]);
    }
  };
  const send = (body: NewCampaignBody, notifySuccess: boolean) => callApi(callsOf(kind).add, { body, notifySuccess });

  const runForecast = async () => {
    const values = await validValues();
    if (!values) return;
    setForecasting(true);
    try {
      const reply = await send(campaignBodyOf(values, shape, true), false);
      // A preview always answers its forecast; null only comes with a created campaign.
      if (reply.forecast) setForecast({ key: keyOf(values), forecast: reply.forecast });
    } catch (error) {
      showFieldErrors(error, values);
    } finally {
      setForecasting(false);
    }
  };
  const submit = async () => {
    const values = await validValues();
    if (!values) return;
    setSaving(true);
    try {
      await send(campaignBodyOf(values, shape), true);
      form.resetFields();
      setForecast(undefined);
      onSaved();
    } catch (error) {
      showFieldErrors(error, values);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      size={1120}
      title={t(`formTitle.${kind}`)}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={forecastRequired}
            onClick={() => void submit()}
            data-testid="campaign-submit"
          >
            {fields.startMode === 'at' ? t('submitScheduled') : t('submitNow')}
          </Button>
        </Space>
      }
    >
      <Row gutter={24} data-testid="campaign-form">
        <Col xs={24} lg={15}>
          <Form<CampaignFields> form={form} layout="vertical" initialValues={initial}>
            <Form.Item
              name="name"
              label={t('name')}
              rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}
            >
              <Input maxLength={CAMPAIGN_LIMITS.name} data-testid="campaign-name" />
            </Form.Item>
            <SenderFields />
            <AudienceFields kind={kind} fields={fields} />
            <Divider />
            <ContentFields draft={fields} template={template} />
            <Divider />
            <SplitFields fields={fields} template={splitTemplate} />
            <Divider />
            <ScheduleFields fields={fields} />
          </Form>
        </Col>
        <Col xs={24} lg={9}>
          <div style={{ position: 'sticky', top: 0 }}>
            {needsForecast(kind) && <Alert type="info" showIcon title={t('burstIntro')} style={{ marginBottom: 12 }} />}
            <ForecastCard
              forecast={forecast?.forecast}
              stale={stale}
              loading={forecasting}
              onForecast={() => void runForecast()}
              prominent={needsForecast(kind)}
            />
            {forecastRequired && forecast && (
              <Typography.Text type="warning" style={{ display: 'block', marginTop: 8 }}>
                {t('forecastAgain')}
              </Typography.Text>
            )}
          </div>
        </Col>
      </Row>
    </Drawer>
  );
}
