import {
  type Campaign,
  type CampaignContent,
  type CampaignForecast,
  type CampaignKind,
  type Language,
  mediaHeaderFormat,
  type NewCampaign,
  TemplateComponent,
  templateVariableKeys,
} from '@ws/contract';
import { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { requireMassAllowed } from '../customers/tenant-limits.js';
import { estimateCost, priceCategoryOf, ratesNeeded } from '../pricing/estimate-cost.js';
import { recipientsByCountry } from '../pricing/market-of.js';
import { selectCountryPrices } from '../pricing/price-book-repository.js';
import { selectTemplate } from '../templates/template-repository.js';
import { checkAudienceRefs } from './audience-refs-repository.js';
import { campaignOf } from './campaign-queries.js';
import { insertCampaign } from './campaign-repository.js';
import { windowHours } from './send-window.js';
import { forecastOf, senderActive, snapshotRules } from './sender-plan.js';
import { type SenderFacts, selectPortfolioReach, selectSenders, selectWabasWithTemplate } from './sender-repository.js';
import { audienceIsEmpty, countAudience } from './snapshot-repository.js';
import { enqueueStart } from './start-campaign-job.js';

/** A stored template's components (Meta's), read leniently: anything unreadable counts as none. */
export const StoredComponents = z.array(TemplateComponent).catch([]);

/** A start time this far in the past still means "now" (the form's clock and the server's differ). */
const PAST_GRACE_MS = 60_000;

/** The senders: every chosen number and tag the tenant's, at least one able to send, and (templates) the template in each WABA. */
async function checkedSenders(context: AppContext, scope: Scope, input: NewCampaign): Promise<SenderFacts[]> {
  const found = await selectSenders(context.pool, scope, input.numberIds ?? [], input.numberTagIds ?? []);
  if (found.unknownNumbers.length > 0) throw errors.notFound({ zh: 'numberIds: 号码', en: 'numberIds: Number' });
  if (found.unknownTags.length > 0)
    throw errors.notFound({ zh: 'numberTagIds: 号码标签', en: 'numberTagIds: Number tag' });
  if (!found.senders.some(senderActive)) {
    throw errors.invalid(
      'numberIds',
      '没有可发送的号码（号码已暂停、质量为红色或未连接）',
      'no number can send (paused, RED quality or not connected)',
    );
  }
  if (input.options.ratePerSecond) {
    const fastest = Math.max(...found.senders.map((sender) => sender.throughput));
    if (input.options.ratePerSecond > fastest) {
      throw errors.invalid(
        'options.ratePerSecond',
        `不能超过号码的吞吐量（${fastest} 条/秒）`,
        `must not exceed the numbers' throughput (${fastest} a second)`,
      );
    }
  }
  return found.senders;
}

/**
 * A template content (the main one at `content`, a split's B at `split.content`): the tenant's,
 * approved, its variables all mapped and no others, its media header given, in every sender's WABA.
 */
export async function checkedTemplate(
  context: AppContext,
  scope: Scope,
  content: CampaignContent,
  field: 'content' | 'split.content',
  senders: SenderFacts[],
) {
  if (content.kind !== 'template') return null;
  const template = await selectTemplate(context.pool, scope, content.templateId);
  if (!template) throw errors.notFound({ zh: `${field}.templateId: 模板`, en: `${field}.templateId: Template` });
  if (template.status !== 'APPROVED') {
    throw errors.invalid(
      `${field}.templateId`,
      `模板未通过审核（${template.status}）`,
      `the template is not approved (${template.status})`,
    );
  }
  const components = StoredComponents.parse(template.components);
  const keys = templateVariableKeys(components);
  const missing = keys.find((key) => !content.variables[key]);
  if (missing) throw errors.invalid(`${field}.variables.${missing}`, '未设置变量的值', 'the variable has no value');
  const extra = Object.keys(content.variables).find((key) => !keys.includes(key));
  if (extra)
    throw errors.invalid(`${field}.variables.${extra}`, '模板没有这个变量', 'the template has no such variable');
  if (mediaHeaderFormat(components) && !content.headerMedia) {
    throw errors.invalid(`${field}.headerMedia`, '模板的媒体页眉需要文件', "the template's media header needs a file");
  }
  // A number sends only its own WABA's templates: each sender's WABA must hold this one, approved.
  const wabas = await selectWabasWithTemplate(context.pool, scope.tenantId, template.name, template.language);
  const outside = senders.find((sender) => !wabas.has(sender.wabaRef));
  if (outside) {
    throw errors.invalid(
      'numberIds',
      `号码 ${outside.phone} 所在的 WABA 没有已通过的模板 ${template.name}（${template.language}）`,
      `the WABA of ${outside.phone} has no approved template ${template.name} (${template.language})`,
    );
  }
  return { id: template.id, category: template.category };
}

/**
 * An A/B split's variant B: checked like the main content, and of the same kind and (a template)
 * category, so one set of audience rules (consent, window, frequency cap) fits both variants.
 */
async function checkedSplit(
  context: AppContext,
  scope: Scope,
  input: NewCampaign,
  senders: SenderFacts[],
  template: { category: string } | null,
) {
  const split = input.split;
  if (!split) return null;
  if (split.metric === 'click') {
    throw errors.invalid(
      'split.metric',
      '点击率需要可跟踪的链接，目前尚不支持；请选择已读率或回复率',
      'click rate needs tracked links, which do not exist yet: choose read or reply',
    );
  }
  if (split.content.kind !== input.content.kind) {
    throw errors.invalid(
      'split.content.kind',
      'B 版本须与 A 版本同类（都是模板，或都是文本）',
      'variant B must be of the same kind as A (both templates, or both text)',
    );
  }
  if (JSON.stringify(split.content) === JSON.stringify(input.content)) {
    throw errors.invalid('split.content', 'B 版本与 A 版本相同', 'variant B is the same as A');
  }
  const splitTemplate = await checkedTemplate(context, scope, split.content, 'split.content', senders);
  if (splitTemplate && template && splitTemplate.category !== template.category) {
    throw errors.invalid(
      'split.content.templateId',
      `B 版本的模板类别（${splitTemplate.category}）须与 A 版本相同（${template.category}）`,
      `variant B's template category (${splitTemplate.category}) must be A's (${template.category})`,
    );
  }
  return { split, templateId: splitTemplate?.id ?? null };
}

function startTime(input: NewCampaign, now: Date): Date | null {
  if (!input.schedule.startAt) return null;
  const at = new Date(input.schedule.startAt);
  if (at.getTime() < now.getTime() - PAST_GRACE_MS) {
    throw errors.invalid('schedule.startAt', '开始时间已过', 'the start time is in the past');
  }
  return at.getTime() <= now.getTime() ? null : at;
}

/** The audience's tags, list, pool and earlier campaign are the tenant's, and it holds contacts (pull-group tasks reuse it). */
export async function checkAudience(
  context: AppContext,
  scope: Scope,
  input: Pick<NewCampaign, 'audience'>,
): Promise<void> {
  const refs = await checkAudienceRefs(context.pool, scope, input.audience);
  if (refs.unknownTags.length > 0) throw errors.notFound({ zh: 'audience.tagIds: 标签', en: 'audience.tagIds: Tag' });
  if (refs.list === 'missing') throw errors.notFound({ zh: 'audience.listId: 名单', en: 'audience.listId: List' });
  if (refs.list === 'not_loaded') {
    throw errors.invalid('audience.listId', '名单尚未导入为联系人', 'the list has not been loaded into contacts');
  }
  if (refs.poolFound === false) throw errors.notFound({ zh: 'audience.poolId: 分配池', en: 'audience.poolId: Pool' });
  if (refs.campaignFound === false) {
    throw errors.notFound({ zh: 'audience.campaign.id: 任务', en: 'audience.campaign.id: Campaign' });
  }
  if (await audienceIsEmpty(context.pool, scope, input.audience)) {
    throw errors.invalid('audience', '受众中没有联系人', 'the audience has no contacts');
  }
}

/**
 * `btmsg/add` and `power/add`: checks everything a campaign needs (a 4xx naming the field), then
 * either answers the forecast (`preview`) or records the campaign and queues its start, now or at
 * its time. The audience is snapshotted when it starts.
 */
export async function addCampaign(
  context: AppContext,
  scope: Scope,
  kind: CampaignKind,
  input: NewCampaign,
  language: Language,
): Promise<{ campaign: Campaign | null; forecast: CampaignForecast | null }> {
  if (!input.preview) await requireMassAllowed(context.pool, scope.tenantId);
  const now = new Date();
  const startsAt = startTime(input, now);
  const senders = await checkedSenders(context, scope, input);
  const template = await checkedTemplate(context, scope, input.content, 'content', senders);
  const split = await checkedSplit(context, scope, input, senders, template);
  await checkAudience(context, scope, input);
  const purpose = template ? template.category.toLowerCase() : 'service';
  const freeForm = input.content.kind === 'text';
  if (input.preview) {
    const counts = await countAudience(context.pool, scope, snapshotRules(input, purpose, senders, freeForm));
    const skippedTotal = Object.values(counts.skipped).reduce((sum, n) => sum + (n ?? 0), 0);
    const reach = await selectPortfolioReach(context.pool, scope.tenantId, [
      ...new Set(senders.map((s) => s.portfolioId)),
    ]);
    const byCountry = recipientsByCountry(counts.numberGroups);
    const category = priceCategoryOf(template?.category ?? null);
    // Priced at the rates in force on the day it starts (UTC, as Meta's rate cards are dated).
    const prices = await selectCountryPrices(
      context.pool,
      byCountry.map((row) => row.country),
      ratesNeeded(category),
      (startsAt ?? now).toISOString().slice(0, 10),
    );
    const forecast = forecastOf({
      senders,
      reach,
      eligible: counts.eligible,
      audience: counts.eligible + skippedTotal,
      skipped: counts.skipped,
      ratePerSecond: input.options.ratePerSecond,
      windowHours: windowHours(input.schedule.window),
      countsTowardLimit: !freeForm,
      now,
      byCountry,
      cost: estimateCost(byCountry, category, prices),
      splitWaitMinutes: split?.split.decideAfterMinutes,
    });
    return { campaign: null, forecast };
  }
  const id = await withTransaction(context.pool, async (client) => {
    const created = await insertCampaign(client, scope, {
      kind,
      name: input.name,
      status: startsAt ? 'scheduled' : 'starting',
      numberIds: input.numberIds ?? [],
      numberTagIds: input.numberTagIds ?? [],
      audience: input.audience,
      content: input.content,
      templateId: template?.id ?? null,
      purpose,
      schedule: input.schedule,
      options: input.options,
      split: split?.split ?? null,
      splitTemplateId: split?.templateId ?? null,
      startsAt,
    });
    await enqueueStart(client, scope.tenantId, created, startsAt);
    return created;
  });
  return { campaign: await campaignOf(context, scope, kind, id, language), forecast: null };
}
