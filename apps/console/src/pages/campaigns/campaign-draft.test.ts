import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  type CampaignFields,
  campaignBodyOf,
  fieldErrorsOf,
  NEW_CAMPAIGN_FIELDS,
  retargetFields,
} from './campaign-draft.js';
import { actionsFor, progressPercent } from './campaign-model.js';
import { decisionMinute, timelineSeries } from './campaign-timeline.js';

const fields = (changes: Partial<CampaignFields>): CampaignFields => ({
  ...NEW_CAMPAIGN_FIELDS,
  name: ' Spring ',
  numberIds: ['1', '2'],
  tagIds: ['5'],
  templateId: '9',
  ...changes,
});
const noTemplate = { variableKeys: [], mediaHeader: false };

describe('the create form’s request', () => {
  it('maps every template variable to a contact field with its fallback, or a constant, and the media link', () => {
    const body = campaignBodyOf(
      fields({
        variables: {
          'body.1': { source: 'field', field: 'first_name', fallback: ' friend ' },
          'body.2': { source: 'constant', value: 'Friday' },
        },
        headerLink: ' https://cdn.example/spring.jpg ',
      }),
      { variableKeys: ['body.1', 'body.2', 'button.0.1'], mediaHeader: true },
    );
    expect(body).toMatchObject({
      name: 'Spring',
      numberIds: ['1', '2'],
      numberTagIds: undefined,
      audience: { tagIds: ['5'] },
      content: {
        kind: 'template',
        templateId: '9',
        variables: {
          'body.1': { source: 'field', field: 'first_name', fallback: 'friend' },
          'body.2': { source: 'constant', value: 'Friday' },
          // Not touched in the form: its default, a constant the server will ask for.
          'button.0.1': { source: 'constant', value: '' },
        },
        headerMedia: { link: 'https://cdn.example/spring.jpg' },
      },
      schedule: { startAt: undefined, window: undefined },
      options: { frequencyCapHours: 24, stopOnReply: true },
      preview: false,
    });
  });

  it('sends free text, a contact filter, a start time and a daily window; a preview asks for the forecast only', () => {
    const startAt = dayjs('2026-12-01T09:30:00Z');
    const body = campaignBodyOf(
      fields({
        contentKind: 'text',
        text: 'Hello',
        audienceSource: 'filter',
        filterConsent: 'opted_in',
        filterWindow: 'open',
        startMode: 'at',
        startAt,
        windowOn: true,
        windowFrom: '21:00',
        windowTo: '08:00',
        ratePerSecond: 5,
        frequencyCapHours: 0,
        stopOnReply: false,
      }),
      noTemplate,
      true,
    );
    expect(body.content).toEqual({ kind: 'text', text: 'Hello' });
    expect(body.audience).toEqual({
      filters: { numberId: undefined, consent: 'opted_in', window: 'open', source: undefined },
    });
    expect(body.schedule).toEqual({ startAt: '2026-12-01T09:30:00.000Z', window: { from: '21:00', to: '08:00' } });
    expect(body.options).toEqual({ ratePerSecond: 5, frequencyCapHours: 0, stopOnReply: false });
    expect(body.preview).toBe(true);
  });

  it('leaves the window out while it is switched off, and names only the audience source chosen', () => {
    const body = campaignBodyOf(
      fields({ audienceSource: 'pool', poolId: '3', windowFrom: '09:00', windowTo: '18:00' }),
      noTemplate,
    );
    expect(body.audience).toEqual({ poolId: '3' });
    expect(body.schedule?.window).toBeUndefined();
  });
});

describe('an A/B test in the request', () => {
  it('sends variant B of A’s kind with its own variables, the share, metric and delay; nothing while off', () => {
    const split = {
      templateId: '12',
      variables: { 'body.1': { source: 'constant' as const, value: ' Autumn ' } },
      samplePercent: 20,
      metric: 'reply' as const,
      decideAfterMinutes: 90,
    };
    const body = campaignBodyOf(fields({ splitOn: true, split }), {
      ...noTemplate,
      split: { variableKeys: ['body.1'], mediaHeader: false },
    });
    expect(body.split).toEqual({
      content: {
        kind: 'template',
        templateId: '12',
        variables: { 'body.1': { source: 'constant', value: ' Autumn ' } },
      },
      samplePercent: 20,
      metric: 'reply',
      decideAfterMinutes: 90,
    });
    const text = campaignBodyOf(
      fields({ contentKind: 'text', text: 'A', splitOn: true, split: { text: 'B' } }),
      noTemplate,
    );
    expect(text.split).toEqual({
      content: { kind: 'text', text: 'B' },
      samplePercent: 10,
      metric: 'read',
      decideAfterMinutes: 240,
    });
    expect(campaignBodyOf(fields({ splitOn: false, split }), noTemplate).split).toBeUndefined();
  });

  it('puts a split’s errors on its own fields', () => {
    expect(
      fieldErrorsOf(
        'split.content.templateId: category; split.content.variables.body.1.value: Too small; split.samplePercent: Too big; split.metric: click',
        'tags',
      ),
    ).toEqual([
      { name: ['split', 'templateId'], errors: ['category'] },
      { name: ['split', 'variables', 'body.1', 'value'], errors: ['Too small'] },
      { name: ['split', 'samplePercent'], errors: ['Too big'] },
      { name: ['split', 'metric'], errors: ['click'] },
    ]);
  });
});

describe('a 400’s fields on the form', () => {
  it('puts each named field’s message on the form field that holds it', () => {
    expect(
      fieldErrorsOf(
        'name: Too small; content.variables.body.2.value: Too small; content.variables.button.0.1.fallback: Too big; ' +
          'options.ratePerSecond: Too big; schedule.window.from: must be HH:MM',
        'tags',
      ),
    ).toEqual([
      { name: ['name'], errors: ['Too small'] },
      { name: ['variables', 'body.2', 'value'], errors: ['Too small'] },
      { name: ['variables', 'button.0.1', 'fallback'], errors: ['Too big'] },
      { name: ['ratePerSecond'], errors: ['Too big'] },
      { name: ['windowFrom'], errors: ['must be HH:MM'] },
    ]);
  });

  it('shows a missing audience or template on the field chosen, and ignores parts naming no field', () => {
    expect(fieldErrorsOf('audience.tagIds: 标签不存在', 'tags')).toEqual([
      { name: ['tagIds'], errors: ['标签不存在'] },
    ]);
    expect(fieldErrorsOf('audience: choose tags, a filter, a list, a pool or contacts', 'filter')).toEqual([
      { name: ['audienceSource'], errors: ['choose tags, a filter, a list, a pool or contacts'] },
    ]);
    expect(fieldErrorsOf('content.templateId: Template not found', 'tags')).toEqual([
      { name: ['templateId'], errors: ['Template not found'] },
    ]);
    expect(fieldErrorsOf('The campaign is running', 'tags')).toEqual([]);
  });
});

describe('a campaign’s progress and operations', () => {
  const counts = { sent: 10, delivered: 20, read: 5, replied: 5, failed: 3, queued: 7 };

  it('counts sent, delivered, read and replied recipients as reached', () => {
    expect(progressPercent({ counts: counts as never, recipients: 80 })).toBe(50);
    expect(progressPercent({ counts: {} as never, recipients: 0 })).toBe(0);
  });

  it('offers what each status allows; resend only once it is completed with failures', () => {
    const of = (status: Parameters<typeof actionsFor>[0]['status'], failed = 0) =>
      actionsFor({ status, counts: { failed } as never });
    expect(of('scheduled')).toEqual(['start', 'cancel']);
    expect(of('running')).toEqual(['pause', 'cancel']);
    expect(of('paused')).toEqual(['resume', 'cancel']);
    expect(of('held')).toEqual(['resume', 'cancel']);
    expect(of('completed')).toEqual([]);
    expect(of('completed', 2)).toEqual(['resend']);
    expect(of('cancelled', 2)).toEqual([]);
  });
});

describe('the timeline chart’s lines', () => {
  it('puts every minute on every line, zero where nothing happened', () => {
    const { minutes, counts } = timelineSeries([
      { at: '2026-11-26T00:02:00Z', state: 'delivered', n: 3 },
      { at: '2026-11-26T00:01:00Z', state: 'sent', n: 4 },
      { at: '2026-11-26T00:02:00Z', state: 'sent', n: 1 },
      { at: '2026-11-26T00:02:00Z', state: 'queued', n: 9 },
    ]);
    expect(minutes).toEqual([Date.parse('2026-11-26T00:01:00Z'), Date.parse('2026-11-26T00:02:00Z')]);
    expect(counts.sent).toEqual([4, 1]);
    expect(counts.delivered).toEqual([0, 3]);
    expect(counts.replied).toEqual([0, 0]);
  });
});

describe('the timeline’s A/B decision mark', () => {
  it('stands at the minute the split was decided, or the next one charted; none before a decision', () => {
    const minutes = [Date.parse('2026-11-26T00:01:00Z'), Date.parse('2026-11-26T00:05:00Z')];
    expect(decisionMinute(minutes, '2026-11-26T00:01:30.123456Z')).toBe(0);
    expect(decisionMinute(minutes, '2026-11-26T00:03:00Z')).toBe(1);
    expect(decisionMinute(minutes, '2026-11-26T00:06:00Z')).toBeNull();
    expect(decisionMinute(minutes, null)).toBeNull();
  });
});

describe('retargeting', () => {
  it('names the earlier campaign and the states chosen, and shows their errors on those fields', () => {
    const body = campaignBodyOf({ ...retargetFields({ id: '41' }), name: 'Again', numberIds: ['1'] }, noTemplate);
    expect(body.audience).toEqual({ campaign: { id: '41', states: ['delivered'] } });
    expect(fieldErrorsOf('audience.campaign.id: Campaign not found', 'campaign')).toEqual([
      { name: ['retargetId'], errors: ['Campaign not found'] },
    ]);
    expect(fieldErrorsOf('audience.campaign.states: Too small', 'campaign')).toEqual([
      { name: ['retargetStates'], errors: ['Too small'] },
    ]);
  });
});
