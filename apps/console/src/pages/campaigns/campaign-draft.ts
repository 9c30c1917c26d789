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

export interface CampaignFields {
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
  contentKind: 'template' | 'text';
  templateId?: string;
  variables?: Record<string, VariableFields | undefined>;
  headerLink?: string;
  text?: string;
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

/**
 * The `add` body of the form's values. `variableKeys` are the chosen template's variables
 * (templateVariableKeys); `mediaHeader` whether its header needs a file.
 */
export function campaignBodyOf(
  fields: CampaignFields,
  template: { variableKeys: readonly string[]; mediaHeader: boolean },
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
  const content: NewCampaignBody['content'] =
    fields.contentKind === 'text'
      ? { kind: 'text', text: fields.text ?? '' }
      : {
          kind: 'template',
          templateId: fields.templateId ?? '',
          variables: Object.fromEntries(
            template.variableKeys.map((key) => {
              const binding = fields.variables?.[key] ?? defaultBinding(key);
              return [
                key,
                binding.source === 'field'
                  ? { source: 'field', field: binding.field ?? 'name', fallback: binding.fallback?.trim() ?? '' }
                  : { source: 'constant', value: binding.value ?? '' },
              ];
            }),
          ),
          ...(template.mediaHeader ? { headerMedia: { link: trimmed(fields.headerLink) } } : {}),
        };
  return {
    name: fields.name?.trim() ?? '',
    numberIds: present(fields.numberIds),
    numberTagIds: present(fields.numberTagIds),
    audience,
    content,
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
  /^content\.variables\.((?:header|body|button\.\d{1,2})\.[a-z0-9_]+)(?:\.(source|field|fallback|value))?$/;

/** The form field a server's field path (`content.templateId`, `options.ratePerSecond`) is shown on. */
export function formFieldOf(path: string, audienceSource: AudienceSource): FieldPath | undefined {
  const variable = VARIABLE_PATH.exec(path);
  if (variable) return ['variables', variable[1] as string, variable[2] === 'fallback' ? 'fallback' : 'value'];
  const [head, second] = path.split('.');
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
      if (second === 'templateId') return ['templateId'];
      if (second === 'headerMedia') return ['headerLink'];
      if (second === 'text') return ['text'];
      return ['contentKind'];
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
