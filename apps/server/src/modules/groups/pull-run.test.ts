import type { InviteRecord } from '@ws/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { addTag, type SignedIn, tenantOperator } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { sandboxForApp, sandboxSenders, taggedContacts, until } from '../campaigns/test-support.js';
import { csvLines, pullTaskRequest } from './test-support.js';

// The whole path: pulladd → start → groups asked of the sandbox → group_lifecycle_update → invites
// through the governor (Meta's group-invite template: the group in a `group_id` parameter) →
// customers open the invite they received → join requests → approvals → joins → rotation.
const app = useTestApp({}, { worker: true });
let sandbox: RunningSandbox;
let operator: SignedIn;

beforeAll(async () => {
  sandbox = await sandboxForApp(app, { joinGroup: 0 });
  operator = await tenantOperator(app, 'pullrun');
});

afterAll(async () => {
  await sandbox?.stop();
});

const call = (path: string, body: object, token = operator.token) =>
  app.post(path, { body, token, headers: { 'accept-language': 'en' } });

async function details(id: string, token = operator.token) {
  return (await call('/api/group/pulldetails', { id }, token)).body.data as {
    task: {
      invited: number;
      joined: number;
      declined: number;
      status: string;
      current_invite_link: string | null;
      last_error: string | null;
    };
    groups: {
      id: string;
      group_id: string | null;
      role: string;
      invite_link: string | null;
      participant_count: number;
      members: unknown[];
    }[];
  };
}

type SentInvite = { body: { template?: { components?: { type: string; parameters: object[] }[] } }; text?: string };
/** The invites the sandbox logged to a customer, newest last: the template's body parameters and its text. */
async function sentTo(waId: string): Promise<{ parameters: object[]; text?: string }[]> {
  const reply = await sandbox.control('GET', `/messages?to=${waId}&direction=out`);
  return (reply.body as SentInvite[]).map((message) => ({
    parameters: message.body.template?.components?.find((component) => component.type === 'body')?.parameters ?? [],
    text: message.text,
  }));
}
/** The groups a customer was invited to (the `group_id` parameters), newest last. */
const invitesTo = async (waId: string): Promise<string[]> =>
  (await sentTo(waId)).map(({ parameters }) => (parameters[0] as { group_id?: string }).group_id ?? '');

type SandboxGroupView = {
  invite_link: string;
  subject: string;
  participants: string[];
  join_requests: unknown[];
  /** Customers the invite was delivered to: they may open it. */
  invited: string[];
};
/** The sandbox's view of the group with this invite link. */
const sandboxGroupOf = async (inviteLink: string | null | undefined) =>
  ((await sandbox.control('GET', '/groups')).body as SandboxGroupView[]).find(
    (group) => group.invite_link === inviteLink,
  );

/** The customer opens the invite they received, by its group id. */
const join = async (waId: string, groupId: string) =>
  (await sandbox.control('POST', '/join-group', { wa_id: waId, group_id: groupId })).body as { result: string };

describe('a pull-group task end to end', () => {
  it('invites only consenting contacts by template, approves 8 joins, declines the ninth, rotates and re-invites them to the next group', {
    timeout: 90_000,
  }, async () => {
    const { tenantId } = operator;
    const world = await sandboxSenders(app, sandbox, tenantId, 1);
    const host = world.numbers[0] as { numberId: string; phoneNumberId: string };
    await sandbox.control('POST', `/numbers/${host.phoneNumberId}`, { official_business_account: true });
    const tagId = await addTag(app, tenantId, 'club', 'contact');
    const consenting = await taggedContacts(app, tenantId, tagId, 10);
    const withoutConsent = await taggedContacts(app, tenantId, tagId, 2, { consent: false });
    const waIdOf = async (ids: string[]) =>
      (await app.pool.query('select wa_id from contact where id = any($1::bigint[]) order by id', [ids])).rows.map(
        (row) => row.wa_id as string,
      );
    const invitees = await waIdOf(consenting);

    const added = await call('/api/group/pulladd', pullTaskRequest(host.numberId, tagId, world.templateId));
    expect(added.status).toBe(200);
    const id = added.body.data.id as string;
    expect(added.body.data.status).toBe('draft');
    expect((await call('/api/group/pulloperation', { id, operation: 'start' })).body.data.status).toBe('running');

    await until(async () => (await details(id)).task.invited === 10, 'ten invitations');
    const first = await details(id);
    const current = first.groups.find((group) => group.role === 'current');
    expect(current?.invite_link).toMatch(/^https:\/\/chat\.whatsapp\.com\//);
    expect(first.task.current_invite_link).toBe(current?.invite_link);
    // One spare stands ready behind the current group.
    await until(async () => (await details(id)).groups.some((group) => group.role === 'spare'), 'a spare group');
    await until(async () => (await Promise.all(invitees.map(invitesTo))).every((sent) => sent.length === 1), 'sends');
    for (const waId of invitees) expect(await invitesTo(waId)).toEqual([current?.group_id]);
    // The group goes as Meta's group_id parameter; the customer reads it as the group's invite link.
    expect(await sentTo(invitees[0] as string)).toEqual([
      { parameters: [{ type: 'group_id', group_id: current?.group_id }], text: `Hello ${current?.invite_link}` },
    ]);
    // The product's own record of the message: the parameter as sent, the link in the preview the screens show.
    const { rows: recorded } = await app.pool.query(
      `select m.preview, m.body from pull_group_invite i join message m on m.tenant_id = i.tenant_id and m.id = i.message_id
        where i.task_id = $1 limit 1`,
      [id],
    );
    expect(recorded[0].preview).toBe(`Hello ${current?.invite_link}`);
    expect(JSON.stringify(recorded[0].body)).toContain(`"group_id":"${current?.group_id}"`);
    // No invitation to a contact without consent.
    for (const waId of await waIdOf(withoutConsent)) expect(await invitesTo(waId)).toEqual([]);
    const sandboxGroup = await sandboxGroupOf(current?.invite_link);
    expect(sandboxGroup).toMatchObject({ subject: 'Spring club 1', join_approval_mode: 'approval_required' });

    // Nine ask to join the group of 8 (once their invite is delivered): eight are approved, the ninth declined.
    await until(
      async () => (await sandboxGroupOf(current?.invite_link))?.invited.length === invitees.length,
      'the invites delivered',
    );
    for (const waId of invitees.slice(0, 9))
      expect((await join(waId, current?.group_id as string)).result).toBe('requested');
    await until(async () => {
      const { task } = await details(id);
      return task.joined === 8 && task.declined === 1;
    }, 'eight joins and one decline');
    const filled = await details(id);
    const full = filled.groups.find((group) => group.id === current?.id);
    expect(full).toMatchObject({ role: 'full', participant_count: 8 });
    expect(full?.members).toHaveLength(8);
    const inSandbox = await sandboxGroupOf(current?.invite_link);
    expect(inSandbox?.participants).toHaveLength(8);
    expect(inSandbox?.join_requests).toEqual([]);

    // The spare took over; the declined contact gets its link, joins there, and a new spare is made.
    const next = filled.groups.find((group) => group.role === 'current');
    expect(next?.invite_link).toBeTruthy();
    expect(next?.invite_link).not.toBe(current?.invite_link);
    // Requests made within one second are equals: whichever was left out is the one declined.
    const members = new Set(((full?.members ?? []) as { wa_id: string }[]).map((member) => member.wa_id));
    const ninth = invitees.slice(0, 9).find((waId) => !members.has(waId)) as string;
    expect(ninth).toBeDefined();
    // The governor keeps 6 s between two messages to one contact (pair rate).
    await until(async () => (await invitesTo(ninth)).length === 2, 'the re-invitation');
    expect((await invitesTo(ninth))[1]).toBe(next?.group_id);
    await until(
      async () => (await sandboxGroupOf(next?.invite_link))?.invited.includes(ninth) === true,
      'the re-invitation delivered',
    );
    expect((await join(ninth, next?.group_id as string)).result).toBe('requested');
    await until(async () => (await details(id)).task.joined === 9, 'the ninth join');
    await until(async () => (await details(id)).groups.some((group) => group.role === 'spare'), 'a new spare');

    const records = await call('/api/group/pullrecords', { id, filters: { state: 'joined' }, pageSize: 50 });
    expect(records.body.data.total).toBe(9);
    // Each record follows its invitation's message as the status webhooks tell it: sent, delivered, read.
    const allRecords = async () =>
      (await call('/api/group/pullrecords', { id, pageSize: 50 })).body.data.records as InviteRecord[];
    await until(
      async () => (await allRecords()).every((record) => record.message_status === 'read'),
      'the invitations read',
    );
    const everyRecord = await allRecords();
    expect(everyRecord).toHaveLength(10);
    for (const record of everyRecord) expect(record.delivered_at).toEqual(expect.any(String));
    expect(everyRecord.filter((record) => record.state === 'invited').map((record) => record.wa_id)).toEqual([
      invitees[9],
    ]);
    const joinedCsv = await call('/api/group/pullfansex', { id });
    expect(joinedCsv.status).toBe(200);
    expect(csvLines(joinedCsv.body)).toHaveLength(10);
    for (const waId of invitees.slice(0, 9)) expect(String(joinedCsv.body)).toContain(`+${waId}`);
    const groupsCsv = await call('/api/group/pulldown', { id });
    expect(String(groupsCsv.body)).toContain('Spring club 1');
    expect(String(groupsCsv.body)).toContain(`+${ninth}`);
  });
});

describe('a pull-group task whose template is no longer approved', () => {
  it('pauses with the reason before recording any invitation, and invites once resumed with the template approved again', {
    timeout: 60_000,
  }, async () => {
    const owner = await tenantOperator(app, 'pullpaused');
    const world = await sandboxSenders(app, sandbox, owner.tenantId, 1);
    const host = world.numbers[0] as { numberId: string; phoneNumberId: string };
    await sandbox.control('POST', `/numbers/${host.phoneNumberId}`, { official_business_account: true });
    const tagId = await addTag(app, owner.tenantId, 'club', 'contact');
    await taggedContacts(app, owner.tenantId, tagId, 3);
    const added = await call(
      '/api/group/pulladd',
      pullTaskRequest(host.numberId, tagId, world.templateId),
      owner.token,
    );
    const id = added.body.data.id as string;
    // Meta paused the template after the task was made (its status webhook changed it).
    const setStatus = (status: string) =>
      app.pool.query('update wa_template set status = $2 where id = $1', [world.templateId, status]);
    await setStatus('PAUSED');
    await call('/api/group/pulloperation', { id, operation: 'start' }, owner.token);
    await until(async () => (await details(id, owner.token)).task.status === 'paused', 'the task paused');
    const paused = await details(id, owner.token);
    expect(paused.task.last_error).toMatch(/invite template is no longer approved/);
    expect(paused.task.invited).toBe(0);
    const { rows } = await app.pool.query('select count(*)::int as n from pull_group_invite where task_id = $1', [id]);
    expect(rows[0].n).toBe(0);

    await setStatus('APPROVED');
    const resumed = await call('/api/group/pulloperation', { id, operation: 'resume' }, owner.token);
    expect(resumed.body.data).toMatchObject({ status: 'running', last_error: null });
    await until(async () => (await details(id, owner.token)).task.invited === 3, 'three invitations');
    const { rows: queued } = await app.pool.query(
      'select count(*)::int as n from pull_group_invite where task_id = $1 and message_id is not null',
      [id],
    );
    expect(queued[0].n).toBe(3);
  });
});
