import {
  calls,
  isAbove,
  WARMUP_PACES,
  WARMUP_TARGET_TIERS,
  type WarmupPace,
  type WarmupPlan,
  type WarmupTargetTier,
  warmupSchedule,
} from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { toDateParam } from '@ws/web-kit/utils';
import { Alert, Button, Checkbox, DatePicker, Drawer, Form, Input, Radio, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { SchedulePreviewChart } from './schedule-chart.js';
import { useWarmupPortfolios } from './warmup-calls.js';

interface PlanFields {
  name: string;
  portfolioId?: string;
  targetTier?: WarmupTargetTier;
  numberIds: string[];
  pace: WarmupPace;
  startDate: Dayjs;
  preferEngaged: boolean;
}

const utcToday = () => dayjs(new Date().toISOString().slice(0, 10));
const PACE_TEXT = { gentle: 'paceGentle', normal: 'paceNormal', fast: 'paceFast' } as const;

/**
 * The add / edit drawer: name, business portfolio, target tier (only tiers above the portfolio's),
 * the numbers taking part (none chosen: all), pace, start day, the engagement preference, and a
 * live preview of the schedule the server will store (the same arithmetic, from the contract).
 */
export function WarmupFormDrawer({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: WarmupPlan | undefined;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('warmup');
  const codeName = useCodeName();
  const [form] = Form.useForm<PlanFields>();
  const [saving, setSaving] = useState(false);
  const portfolios = useWarmupPortfolios(open);
  const fields = Form.useWatch([], form) as Partial<PlanFields> | undefined;
  const portfolio = portfolios.data?.find((entry) => entry.id === (editing?.portfolio.id ?? fields?.portfolioId));
  const limit = editing ? editing.portfolio.messaging_limit : (portfolio?.messaging_limit ?? null);
  const started = editing !== undefined && editing.start_date <= toDateParam(utcToday());

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      editing
        ? {
            name: editing.name,
            portfolioId: editing.portfolio.id,
            targetTier: editing.target_tier as WarmupTargetTier,
            numberIds: editing.numbers.map((number) => number.id),
            pace: editing.pace,
            startDate: dayjs(editing.start_date),
            preferEngaged: editing.prefer_engaged,
          }
        : { name: '', numberIds: [], pace: 'normal', startDate: utcToday(), preferEngaged: true },
    );
  }, [open, editing, form]);

  const schedule = useMemo(() => {
    if (!portfolio && !editing) return undefined;
    if (!fields?.targetTier || !isAbove(fields.targetTier, limit)) return undefined;
    const startDate = toDateParam(fields.startDate ?? utcToday());
    return warmupSchedule({ limit, target: fields.targetTier, pace: fields.pace ?? 'normal', startDate });
  }, [portfolio, editing, limit, fields?.targetTier, fields?.pace, fields?.startDate]);

  const save = async (values: PlanFields) => {
    setSaving(true);
    const startDate = toDateParam(values.startDate);
    const numberIds = values.numberIds.length ? values.numberIds : undefined;
    try {
      if (editing) {
        await callApi(calls.warmupEdit, {
          body: {
            id: editing.id,
            name: values.name,
            ...(values.targetTier !== editing.target_tier ? { targetTier: values.targetTier } : {}),
            ...(values.pace !== editing.pace ? { pace: values.pace } : {}),
            ...(!started && startDate !== editing.start_date ? { startDate } : {}),
            numberIds: numberIds ?? (portfolio?.numbers ?? editing.numbers).map((number) => number.id),
            preferEngaged: values.preferEngaged,
          },
          notifySuccess: true,
        });
      } else {
        await callApi(calls.warmupAdd, {
          body: {
            name: values.name,
            portfolioId: values.portfolioId ?? '',
            targetTier: values.targetTier ?? 'TIER_10K',
            pace: values.pace,
            startDate,
            preferEngaged: values.preferEngaged,
            ...(numberIds ? { numberIds } : {}),
          },
          notifySuccess: true,
        });
      }
      onSaved();
    } catch {
      // The request wrapper has shown the failure; the form stays as it was.
    } finally {
      setSaving(false);
    }
  };

  const tierOptions = WARMUP_TARGET_TIERS.filter((tier) => isAbove(tier, limit)).map((tier) => ({
    value: tier,
    label: codeName('MessagingTier', tier),
  }));

  return (
    <Drawer
      open={open}
      size={720}
      title={editing ? t('formEdit') : t('formAdd')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="warmup-submit">
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Form<PlanFields> form={form} layout="vertical" onFinish={save} data-testid="warmup-form">
        <Form.Item
          name="name"
          label={t('name')}
          rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}
        >
          <Input maxLength={100} data-testid="warmup-name" />
        </Form.Item>
        <Form.Item
          name="portfolioId"
          label={t('portfolio')}
          rules={[{ required: true, message: t('portfolioRequired') }]}
        >
          <Select
            disabled={editing !== undefined}
            loading={portfolios.isFetching}
            data-testid="warmup-portfolio"
            onChange={() => form.setFieldsValue({ numberIds: [], targetTier: undefined })}
            options={(portfolios.data ?? []).map((entry) => ({
              value: entry.id,
              disabled: entry.plan_id !== null && entry.plan_id !== editing?.id,
              label: `${entry.name} · ${codeName('MessagingTier', entry.tier)}${entry.plan_id && entry.plan_id !== editing?.id ? t('portfolioHasPlan') : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="targetTier" label={t('targetTier')} rules={[{ required: true, message: t('targetRequired') }]}>
          <Select options={tierOptions} data-testid="warmup-target" />
        </Form.Item>
        <Form.Item name="numberIds" label={t('numbers')} extra={t('numbersHelp')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('numbersPlaceholder')}
            data-testid="warmup-numbers"
            options={(portfolio?.numbers ?? editing?.numbers ?? []).map((number) => ({
              value: number.id,
              label: `${number.phone} · ${codeName('NumberQuality', number.quality_rating)}`,
            }))}
          />
        </Form.Item>
        <Space wrap align="start" size={24}>
          <Form.Item name="pace" label={t('pace')} extra={t('paceHelp')}>
            <Radio.Group
              optionType="button"
              data-testid="warmup-pace"
              options={WARMUP_PACES.map((pace) => ({ value: pace, label: t(PACE_TEXT[pace]) }))}
            />
          </Form.Item>
          <Form.Item name="startDate" label={t('startDate')}>
            <DatePicker
              allowClear={false}
              disabled={started}
              disabledDate={(day) => day.isBefore(utcToday(), 'day')}
              data-testid="warmup-start"
            />
          </Form.Item>
        </Space>
        <Form.Item name="preferEngaged" valuePropName="checked" extra={t('preferEngagedHelp')}>
          <Checkbox data-testid="warmup-engaged">{t('preferEngaged')}</Checkbox>
        </Form.Item>
      </Form>
      <div data-testid="warmup-preview">
        <Typography.Title level={5}>{t('schedulePreview')}</Typography.Title>
        {!schedule ? (
          <Typography.Text type="secondary">{t('noSchedule')}</Typography.Text>
        ) : (
          <>
            {schedule.needsVerification && <Alert type="warning" showIcon title={t('needsVerification')} />}
            <Typography.Text type="secondary" data-testid="warmup-preview-days">
              {t('scheduleDays', { count: schedule.days.length })}
              {schedule.milestones.map(
                (milestone) =>
                  ` · ${t('nextTierDay', { tier: codeName('MessagingTier', milestone.tier), day: milestone.day })}`,
              )}
            </Typography.Text>
            <SchedulePreviewChart days={schedule.days} />
          </>
        )}
      </div>
    </Drawer>
  );
}
