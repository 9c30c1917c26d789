import { z } from 'zod';
import { graphErrors } from './graph-errors.js';
import { parseGraphInput } from './graph-input.js';
import { callFields, type GraphRoutes } from './graph-router.js';
import type { StatusName } from './webhook-events.js';

const DAY_MS = 86_400_000;
const MAX_DAYS = 90;

interface DayStats {
  sent: number;
  delivered: number;
  read: number;
  /** Quick-reply button text to taps. */
  clicks: Map<string, number>;
}

/**
 * What the sandbox's templates did, per template and UTC day: the counts Meta's
 * `template_analytics` reports. Kept in memory only.
 */
export class TemplateStats {
  private readonly days = new Map<string, Map<number, DayStats>>();

  private dayOf(templateId: string, at: number): DayStats {
    let byDay = this.days.get(templateId);
    if (!byDay) {
      byDay = new Map();
      this.days.set(templateId, byDay);
    }
    const day = Math.floor(at / DAY_MS) * DAY_MS;
    let stats = byDay.get(day);
    if (!stats) {
      stats = { sent: 0, delivered: 0, read: 0, clicks: new Map() };
      byDay.set(day, stats);
    }
    return stats;
  }

  record(templateId: string, status: StatusName, at: number): void {
    if (status === 'sent' || status === 'delivered' || status === 'read') this.dayOf(templateId, at)[status]++;
  }

  click(templateId: string, button: string, at: number): void {
    const { clicks } = this.dayOf(templateId, at);
    clicks.set(button, (clicks.get(button) ?? 0) + 1);
  }

  get(templateId: string, day: number): DayStats | undefined {
    return this.days.get(templateId)?.get(day);
  }

  clear(): void {
    this.days.clear();
  }
}

const METRICS = ['SENT', 'DELIVERED', 'READ', 'CLICKED', 'COST'] as const;

/** A list parameter as Graph takes it: a JSON array (decoded already) or comma-separated text. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()) : value),
    z.array(item),
  );
const unixTime = z.coerce.number().int().min(0);

const TemplateAnalyticsQuery = z.object({
  start: unixTime,
  end: unixTime,
  granularity: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.literal('DAILY')),
  template_ids: list(z.coerce.string().regex(/^\d+$/, 'must be template ids')).pipe(z.array(z.string()).min(1).max(10)),
  metric_types: list(
    z
      .string()
      .transform((value) => value.toUpperCase())
      .pipe(z.enum(METRICS)),
  ).optional(),
  product_type: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(['CLOUD_API', 'MARKETING_MESSAGES_LITE_API']))
    .optional(),
});

/**
 * `GET /{waba-id}/template_analytics`: per template and UTC day in [start, end], what the sandbox
 * sent, delivered and read of it and which quick-reply buttons were tapped, in Meta's shape.
 * Cost is not modelled: asked for, it is 0.
 */
export const templateAnalyticsRoutes: GraphRoutes = {
  waba: {
    'GET template_analytics': (call) => {
      const query = parseGraphInput(TemplateAnalyticsQuery, callFields(call));
      if (query.end <= query.start) throw graphErrors.invalidParameter('end: must be after start');
      const first = Math.floor((query.start * 1000) / DAY_MS) * DAY_MS;
      const last = Math.ceil((query.end * 1000) / DAY_MS) * DAY_MS;
      if ((last - first) / DAY_MS > MAX_DAYS) {
        throw graphErrors.invalidParameter(`start: at most ${MAX_DAYS} days between start and end`);
      }
      const { store } = call.sandbox;
      for (const id of query.template_ids) {
        if (store.templates.get(id)?.wabaId !== call.object.id) {
          throw graphErrors.invalidParameter(`template_ids: ${id} is not a template of this business account`);
        }
      }
      const metrics = new Set(query.metric_types ?? METRICS);
      const dataPoints = [];
      for (const templateId of query.template_ids) {
        for (let day = first; day < last; day += DAY_MS) {
          const stats = call.sandbox.templateStats.get(templateId, day);
          const point: Record<string, unknown> = {
            template_id: templateId,
            start: day / 1000,
            end: (day + DAY_MS) / 1000,
          };
          if (metrics.has('SENT')) point.sent = stats?.sent ?? 0;
          if (metrics.has('DELIVERED')) point.delivered = stats?.delivered ?? 0;
          if (metrics.has('READ')) point.read = stats?.read ?? 0;
          if (metrics.has('CLICKED')) {
            point.clicked = [...(stats?.clicks ?? [])].map(([button, count]) => ({
              type: 'quick_reply_button',
              button_content: button,
              count,
            }));
          }
          if (metrics.has('COST')) point.cost = [{ type: 'amount_spent', value: 0 }];
          dataPoints.push(point);
        }
      }
      const productType =
        query.product_type === 'MARKETING_MESSAGES_LITE_API' ? 'marketing_messages_lite_api' : 'cloud_api';
      return {
        data: [{ granularity: 'DAILY', product_type: productType, data_points: dataPoints }],
      };
    },
  },
};
