import type { BodyOf, CampaignKind, CONTACT_WINDOWS, Consent, calls, RecipientState } from '@ws/contract';
import type { Dayjs } from 'dayjs';

/** The create form's fields, and the `add` request they make. */

export type NewCampaignBody = BodyOf<typeof calls.btmsgAdd>;

export const AUDIENCE_SOURCES = ['tags', 'filter', 'list', 'pool', 'campaign'] as const;
export type AudienceSource = (typeof AUDIENCE_SOURCES)[number];

export interface VariableFields {
  source: 'field' | 'constant';
  field?: 'name' | 'first_name' | 'phone';
  fallback?: string;
  value?: string;
}

/** What a content editor holds: the main content's (A) fields, or an A/B split's B under `split`. */
export interface ContentDraft {
  contentKind: 'template' | 'text';
  templateId?: string;
  variables?: Record<string, VariableFields | undefined>;
  headerLink?: string;
  text?: string;
}

/** An A/B split's fields: variant B's content (of A's kind) and the test's settings. */
export interface SplitFields extends Partial<ContentDraft> {
  samplePercent?: number | null;
  metric?: 'read' | 'reply';
  decideAfterMinutes?: number | null;
}

export const SPLIT_DEFAULTS = { samplePercent: 10, metric: 'read', decideAfterMinutes: 240 } as const;

export interface CampaignFields extends ContentDraft {
  name?: string;
  numberIds?: string[];
  numberTagIds?: string[];
  audienceSource: AudienceSource;
  tagIds?: string[];
  filterNumberId?: string;
  filterConsent?: Consent;
  filterWindow?: (typeof CONTACT_WINDOWS)[number];
  filterSource?: string;
  listId?: string;
  poolId?: string;
  /** Retargeting: an earlier campaign's recipients in these states. */
  retargetId?: string;
  retargetStates?: RecipientState[];
  /** An A/B test: a sample gets A and B, the winner goes to the rest. */
  splitOn?: boolean;
  split?: SplitFields;
  startMode: 'now' | 'at';
  startAt?: Dayjs | null;
  windowOn?: boolean;
  windowFrom?: string;
  windowTo?: string;
  ratePerSecond?: number | null;
  frequencyCapHours?: number | null;
  stopOnReply?: boolean;
}

export const NEW_CAMPAIGN_FIELDS: CampaignFields = {
  audienceSource: 'tags',
  contentKind: 'template',
  startMode: 'now',
  windowOn: false,
  frequencyCapHours: 24,
  stopOnReply: true,
  splitOn: false,
  split: { ...SPLIT_DEFAULTS },
};

const present = (ids: string[] | undefined) => (ids && ids.length > 0 ? ids : undefined);
const trimmed = (text: string | undefined) => text?.trim() || undefined;

/** The form's first values for retargeting a finished campaign: its recipients who got it but did not read it. */
export const retargetFields = (campaign: { id: string }): CampaignFields => ({
  ...NEW_CAMPAIGN_FIELDS,
  audienceSource: 'campaign',
  retargetId: campaign.id,
  retargetStates: ['delivered'],
});

/** A fresh binding for a template variable: the contact's name, the body's first one; else a constant. */
export const defaultBinding = (key: string): VariableFields =>
  key === 'body.1' || key.endsWith('.name') ? { source: 'field', field: 'name', fallback: '' } : { source: 'constant' };

/** A chosen template's shape: its variables' keys (templateVariableKeys), whether its header needs a file. */
export interface TemplateShape {
  variableKeys: readonly string[];
  mediaHeader: boolean;
}

const NO_TEMPLATE: TemplateShape = { variableKeys: [], mediaHeader: false };

/** A content editor's request part: the template with every variable bound, or the text. */
function contentOf(draft: ContentDraft, template: TemplateShape): NewCampaignBody['content'] {
  if (draft.contentKind === 'text') return { kind: 'text', text: draft.text ?? '' };
  return {
    kind: 'template',
    templateId: draft.templateId ?? '',
    variables: Object.fromEntries(
      template.variableKeys.map((key) => {
        const binding = draft.variables?.[key] ?? defaultBinding(key);
        return [
          key,
          binding.source === 'field'
            ? { source: 'field', field: binding.field ?? 'name', fallback: binding.fallback?.trim() ?? '' }
            : { source: 'constant', value: binding.value ?? '' },
        ];
      }),
    ),
    ...(template.mediaHeader ? { headerMedia: { link: trimmed(draft.headerLink) } } : {}),
  };
}

/** The A/B split's request part: B of A's kind, the sample share, the metric and the delay. */
function splitOf(fields: CampaignFields, template: TemplateShape): NewCampaignBody['split'] {
  if (!fields.splitOn) return undefined;
  const split = fields.split ?? {};
  return {
    content: contentOf({ ...split, contentKind: fields.contentKind }, template),
    samplePercent: split.samplePercent ?? SPLIT_DEFAULTS.samplePercent,
    metric: split.metric ?? SPLIT_DEFAULTS.metric,
    decideAfterMinutes: split.decideAfterMinutes ?? SPLIT_DEFAULTS.decideAfterMinutes,
  };
}

/**
 * The `add` body of the form's values. `template` is the chosen template's shape, and `split` B's
 * when the campaign is an A/B test.
 */
export function campaignBodyOf(
  fields: CampaignFields,
  template: TemplateShape & { split?: TemplateShape },
  preview = false,
): NewCampaignBody {
  const audience: NewCampaignBody['audience'] = {};
  switch (fields.audienceSource) {
    case 'tags':
      audience.tagIds = present(fields.tagIds);
      break;
    case 'filter':
      audience.filters = {
        numberId: fields.filterNumberId,
        consent: fields.filterConsent,
        window: fields.filterWindow,
        source: trimmed(fields.filterSource),
      };
      break;
    case 'list':
      audience.listId = fields.listId;
      break;
    case 'pool':
      audience.poolId = fields.poolId;
      break;
    case 'campaign':
      audience.campaign = fields.retargetId
        ? { id: fields.retargetId, states: fields.retargetStates ?? [] }
        : undefined;
      break;
  }
  return {
    name: fields.name?.trim() ?? '',
    numberIds: present(fields.numberIds),
    numberTagIds: present(fields.numberTagIds),
    audience,
    content: contentOf(fields, template),
    split: splitOf(fields, template.split ?? NO_TEMPLATE),
    schedule: {
      startAt: fields.startMode === 'at' && fields.startAt ? fields.startAt.toISOString() : undefined,
      window:
        fields.windowOn && fields.windowFrom && fields.windowTo
          ? { from: fields.windowFrom, to: fields.windowTo }
          : undefined,
    },
    options: {
      ratePerSecond: fields.ratePerSecond ?? undefined,
      frequencyCapHours: fields.frequencyCapHours ?? 0,
      stopOnReply: fields.stopOnReply ?? true,
    },
    preview,
  };
}

/** A form field's path (antd's name path). */
export type FieldPath = (string | number)[];

const VARIABLE_PATH =
  /^(split\.)?content\.variables\.((?:header|body|button\.\d{1,2})\.[a-z0-9_]+)(?:\.(source|field|fallback|value))?$/;

/** A content part's form field (`content.templateId`, or B's under `split`). */
function contentFieldOf(part: string | undefined, inSplit: boolean): FieldPath {
  const at = (name: string): FieldPath => (inSplit ? ['split', name] : [name]);
  if (part === 'templateId') return at('templateId');
  if (part === 'headerMedia') return at('headerLink');
  if (part === 'text') return at('text');
  return inSplit ? ['splitOn'] : ['contentKind'];
}

/** The form field a server's field path (`content.templateId`, `options.ratePerSecond`) is shown on. */
export function formFieldOf(path: string, audienceSource: AudienceSource): FieldPath | undefined {
  const variable = VARIABLE_PATH.exec(path);
  if (variable) {
    const field: FieldPath = ['variables', variable[2] as string, variable[3] === 'fallback' ? 'fallback' : 'value'];
    return variable[1] ? ['split', ...field] : field;
  }
  const [head, second, third] = path.split('.');
  switch (head) {
    case 'name':
    case 'numberIds':
    case 'numberTagIds':
      return [head];
    case 'audience': {
      const byPart: Record<string, string> = {
        tagIds: 'tagIds',
        listId: 'listId',
        poolId: 'poolId',
        campaign: path.endsWith('.states') ? 'retargetStates' : 'retargetId',
      };
      return [(second && byPart[second]) || (audienceSource === 'tags' ? 'tagIds' : 'audienceSource')];
    }
    case 'content':
      return contentFieldOf(second, false);
    case 'split':
      if (second === 'content') return contentFieldOf(third, true);
      return second ? ['split', second] : ['splitOn'];
    case 'schedule':
      return second === 'window' ? ['windowFrom'] : ['startAt'];
    case 'options':
      return second ? [second] : undefined;
    default:
      return undefined;
  }
}

/**
 * The field errors in a 400's message (`path: text; path: text`, as the server's validation and
 * its AppErrors name fields), mapped onto the form's fields; parts naming no field are left out.
 */
export function fieldErrorsOf(
  message: string,
  audienceSource: AudienceSource,
): { name: FieldPath; errors: string[] }[] {
  const found: { name: FieldPath; errors: string[] }[] = [];
  for (const part of message.split(/;\s*/)) {
    const match = /^([A-Za-z][\w.]*):\s*(.+)$/.exec(part.trim());
    if (!match) continue;
    const name = formFieldOf(match[1] as string, audienceSource);
    if (name) found.push({ name, errors: [match[2] as string] });
  }
  return found;
}

/** Burst send needs a fresh forecast before it starts (issue 16: the form shows it before start). */
export const needsForecast = (kind: CampaignKind) => kind === 'burst';
