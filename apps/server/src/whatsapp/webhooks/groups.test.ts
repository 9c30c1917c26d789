import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import type { GroupEvent, KnownChangeInput } from '../meta/webhook-payload.js';
import {
  changePayload,
  deliver,
  EXAMPLE_WABA_ID,
  rows,
  type SeededNumber,
  seedNumber,
  WEBHOOK_ENV,
} from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
const PHONE_NUMBER_ID = '220000000000001';
let number: SeededNumber;

beforeAll(async () => {
  number = await seedNumber(t, { tenantId: '340001', phoneNumberId: PHONE_NUMBER_ID, wabaId: EXAMPLE_WABA_ID });
});

type GroupField = Extract<KnownChangeInput['field'], `group_${string}`>;
const groupEvent = (field: GroupField, ...groups: Record<string, unknown>[]) =>
  deliver(
    t,
    changePayload(EXAMPLE_WABA_ID, {
      field,
      value: {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_NUMBER_ID },
        groups: groups as unknown as GroupEvent[],
      },
    }),
  );

/** A create request the product made, waiting for Meta's answer. */
const requestGroup = (requestId: string, subject: string) =>
  t.pool.query(`insert into wa_group (tenant_id, number_id, request_id, subject) values ($1, $2, $3, $4)`, [
    number.tenantId,
    number.numberId,
    requestId,
    subject,
  ]);

const group = async (where: string, value: string) =>
  (await rows(t.pool, `select * from wa_group where tenant_id = $1 and ${where} = $2`, [number.tenantId, value]))[0];
const members = (groupId: string) =>
  rows(
    t.pool,
    `select p.wa_id, p.left_at is null as member, p.via, p.left_by from wa_group_participant p
       join wa_group g on g.tenant_id = p.tenant_id and g.id = p.group_ref where g.group_id = $1 order by p.wa_id`,
    [groupId],
  );
/** Participants joining G-2 by its invite link at a time. */
const joinedByLink = (timestamp: string, ...added_participants: Record<string, unknown>[]) => ({
  timestamp,
  group_id: 'G-2',
  type: 'group_participants_add',
  reason: 'invite_link',
  added_participants,
});

describe('group lifecycle', () => {
  it("Meta's answer to a create request makes the requested group active with its id and invite link", async () => {
    await requestGroup('req-1', 'Spring club');
    await groupEvent('group_lifecycle_update', {
      timestamp: '1750269342',
      group_id: 'G-1',
      type: 'group_create',
      request_id: 'req-1',
      subject: 'Spring club',
      invite_link: 'https://chat.whatsapp.com/LINK_ID',
      join_approval_mode: 'auto_approve',
    });
    expect(await group('request_id', 'req-1')).toMatchObject({
      group_id: 'G-1',
      status: 'active',
      invite_link: 'https://chat.whatsapp.com/LINK_ID',
      join_approval_mode: 'auto_approve',
    });
  });

  it('a refused create fails the request; a deletion marks the group deleted', async () => {
    await requestGroup('req-2', 'Refused');
    await groupEvent('group_lifecycle_update', {
      timestamp: '1750269342',
      type: 'group_create',
      request_id: 'req-2',
      errors: [{ code: 131215, title: 'Not eligible' }],
    });
    expect(await group('request_id', 'req-2')).toMatchObject({ status: 'failed', group_id: null });
    await groupEvent('group_lifecycle_update', {
      timestamp: '1750269400',
      group_id: 'G-1',
      type: 'group_delete',
      request_id: 'req-9',
    });
    expect(await group('group_id', 'G-1')).toMatchObject({ status: 'deleted' });
  });
});

describe('group participants', () => {
  it('joins by invite link, a leave, a removal, and the count', async () => {
    await groupEvent(
      'group_participants_update',
      joinedByLink('1750270000', { wa_id: '447700905001' }, { wa_id: 447700905002 }),
      joinedByLink('1750270100', { input: '+44 7700 905003', wa_id: '447700905003' }),
    );
    expect(await group('group_id', 'G-2')).toMatchObject({ participant_count: 3, status: 'active' });
    await groupEvent(
      'group_participants_update',
      {
        timestamp: '1750270200',
        group_id: 'G-2',
        type: 'group_participants_remove',
        removed_participants: [{ wa_id: '447700905001' }],
        initiated_by: 'participant',
      },
      {
        timestamp: '1750270300',
        group_id: 'G-2',
        type: 'group_participants_remove',
        request_id: 'r',
        removed_participants: [{ input: '+44 7700 905002' }],
        initiated_by: 'business',
      },
    );
    expect(await members('G-2')).toEqual([
      { wa_id: '447700905001', member: false, via: 'invite_link', left_by: 'participant' },
      { wa_id: '447700905002', member: false, via: 'invite_link', left_by: 'business' },
      { wa_id: '447700905003', member: true, via: 'invite_link', left_by: null },
    ]);
    expect(await group('group_id', 'G-2')).toMatchObject({ participant_count: 1 });
  });

  it('a late join older than the leave changes nothing; a later one rejoins', async () => {
    await groupEvent('group_participants_update', joinedByLink('1750270150', { wa_id: '447700905001' }));
    expect((await members('G-2'))[0]).toMatchObject({ member: false });
    await groupEvent('group_participants_update', joinedByLink('1750279999', { wa_id: '447700905001' }));
    expect((await members('G-2'))[0]).toMatchObject({ member: true, left_by: null });
    expect(await group('group_id', 'G-2')).toMatchObject({ participant_count: 2 });
  });

  it('join requests are recorded with no decision (only a pull-group task decides its groups’)', async () => {
    await groupEvent('group_participants_update', {
      timestamp: '1750280000',
      group_id: 'G-2',
      type: 'group_join_request_created',
      join_request_id: 'J1',
      wa_id: '447700905009',
    });
    const [event] = await rows(t.pool, 'select outcome, problem from webhook_event order by id desc limit 1');
    expect(event).toEqual({ outcome: 'processed', problem: null });
    const requests = await rows(
      t.pool,
      `select r.join_request_id, r.wa_id, r.decision from wa_group_join_request r
         join wa_group g on g.tenant_id = r.tenant_id and g.id = r.group_ref where g.group_id = 'G-2'`,
    );
    expect(requests).toEqual([{ join_request_id: 'J1', wa_id: '447700905009', decision: null }]);
    const jobs = await rows(t.pool, "select 1 from graphile_worker.jobs where task_identifier = 'pull_group_joins'");
    expect(jobs).toEqual([]);
  });
});

describe('group settings and status', () => {
  it('subject and description that were applied; suspension and its clearing', async () => {
    await groupEvent('group_settings_update', {
      timestamp: '1750281000',
      group_id: 'G-2',
      type: 'group_settings_update',
      group_subject: { text: 'New subject', update_successful: true },
      group_description: { text: 'Not applied', update_successful: false, errors: [{ code: 1, title: 'x' }] },
    });
    expect(await group('group_id', 'G-2')).toMatchObject({ subject: 'New subject', description: '' });
    await groupEvent('group_status_update', { timestamp: '1750282000', group_id: 'G-2', type: 'group_suspend' });
    expect((await group('group_id', 'G-2'))!.suspended_at).toEqual(new Date(1750282000 * 1000));
    await groupEvent('group_status_update', {
      timestamp: '1750283000',
      group_id: 'G-2',
      type: 'group_suspend_cleared',
    });
    expect(await group('group_id', 'G-2')).toMatchObject({ suspended_at: null });
  });
});
