import { calls } from '@ws/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { addTag, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedSandboxNumber } from '../../test/whatsapp-fixtures.js';
import { type SandboxWorld, sandboxForApp, sandboxSenders, taggedContacts } from '../campaigns/test-support.js';
import { csvLines, pullTaskRequest } from './test-support.js';

const t = useTestApp();
const tenants = useTenants(t, 'pull');
const { a, b } = tenants;
let sandbox: RunningSandbox;
let worldA: SandboxWorld;
let worldB: SandboxWorld;
let hostA: string;
let notOfficialA: string;
let tagA: string;
let tagB: string;
let taskB: string;

const post = (path: string, body: object, token = a.token) =>
  t.post(path, { token, body, headers: { 'accept-language': 'en' } });

async function officialWorld(tenantId: string): Promise<SandboxWorld> {
  const world = await sandboxSenders(t, sandbox, tenantId, 1);
  const number = world.numbers[0] as { phoneNumberId: string };
  await sandbox.control('POST', `/numbers/${number.phoneNumberId}`, { official_business_account: true });
  return world;
}

beforeAll(async () => {
  sandbox = await sandboxForApp(t, { joinGroup: 0 });
  worldA = await officialWorld(a.tenantId);
  worldB = await officialWorld(b.tenantId);
  hostA = (worldA.numbers[0] as { numberId: string }).numberId;
  notOfficialA = (
    await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, a.tenantId, {
      fields: { waba_id: worldA.wabaId },
      connection: { portfolioName: `portfolio ${a.tenantId}` },
    })
  ).numberId;
  tagA = await addTag(t, a.tenantId, 'club', 'contact');
  tagB = await addTag(t, b.tenantId, 'club', 'contact');
  await taggedContacts(t, a.tenantId, tagA, 3);
  await taggedContacts(t, b.tenantId, tagB, 3);
  const hostB = (worldB.numbers[0] as { numberId: string }).numberId;
  const added = await post('/api/group/pulladd', pullTaskRequest(hostB, tagB, worldB.templateId), b.token);
  taskB = added.body.data.id;
});

afterAll(async () => {
  await sandbox?.stop();
});

const newTask = (change: Record<string, unknown> = {}) => pullTaskRequest(hostA, tagA, worldA.templateId, change);

async function addedTask(change: Record<string, unknown> = {}): Promise<string> {
  const reply = await post('/api/group/pulladd', newTask(change));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.id;
}

describe('group/* refuse strangers and bad input', () => {
  it('pulladd, pullhosts', async () => {
    await refusesStrangers(t, tenants, calls.groupPulladd, {
      valid: () => newTask(),
      bad: [
        [newTask({ name: '' }), 'name'],
        [newTask({ subjectPattern: ' ' }), 'subjectPattern'],
        [newTask({ numberIds: [] }), 'numberIds'],
        [newTask({ invitesPerGroup: 7 }), 'invitesPerGroup'],
        [
          newTask({ content: { kind: 'template', templateId: worldA.templateId, inviteVariable: 'link' } }),
          'content.inviteVariable',
        ],
        [newTask({ audience: {} }), 'audience'],
      ],
    });
    await refusesStrangers(t, tenants, calls.groupPullhosts, {
      valid: () => ({ numberIds: [hostA] }),
      bad: [[{ numberIds: [] }, 'numberIds']],
    });
  });

  it('the task calls, each naming its field, and 404 for another tenant’s task', async () => {
    const id = await addedTask();
    const byId = [calls.groupPulldetails, calls.groupPulldown, calls.groupPulldownrec, calls.groupPullfansex] as const;
    for (const call of byId) {
      await refusesStrangers(t, tenants, call, { valid: () => ({ id }), bad: [[{ id: 'x' }, 'id']] });
      const stranger = await post(call.path, { id: taskB });
      expect(stranger.status, call.path).toBe(404);
      expect(stranger.body.message).toBe('id: Pull-group task not found');
    }
    await refusesStrangers(t, tenants, calls.groupPulloperation, {
      valid: () => ({ id, operation: 'pause' }),
      bad: [[{ id, operation: 'explode' }, 'operation']],
    });
    expect((await post('/api/group/pulloperation', { id: taskB, operation: 'stop' })).status).toBe(404);
    await refusesStrangers(t, tenants, calls.groupPullrecords, {
      valid: () => ({ id }),
      bad: [[{ id, filters: { state: 'gone' } }, 'filters.state']],
    });
    expect((await post('/api/group/pullrecords', { id: taskB })).status).toBe(404);
    await refusesStrangers(t, tenants, calls.groupPulllist, {
      valid: () => ({}),
      bad: [[{ pageSize: 7 }, 'pageSize']],
    });
    await refusesStrangers(t, tenants, calls.groupList, {
      valid: () => ({}),
      bad: [[{ filters: { numberId: 'x' } }, 'filters.numberId']],
    });
  });
});

describe('group/pulladd', () => {
  it('says which numbers cannot host groups and why, and refuses a task hosted by one', async () => {
    const checked = await post('/api/group/pullhosts', { numberIds: [hostA, notOfficialA] });
    expect(checked.body.data).toEqual([
      expect.objectContaining({ number_id: hostA, eligible: true, reason: null }),
      expect.objectContaining({ number_id: notOfficialA, eligible: false, reason: 'not_official' }),
    ]);
    const { rows } = await t.pool.query(
      'select id::text, official_business_account from wa_number where id = any($1::bigint[]) order by id',
      [[hostA, notOfficialA]],
    );
    expect(rows).toEqual([
      { id: hostA, official_business_account: true },
      { id: notOfficialA, official_business_account: false },
    ]);
    const refused = await post('/api/group/pulladd', newTask({ numberIds: [hostA, notOfficialA] }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^numberIds: .* cannot host groups: not an Official Business Account/);
    const zh = await t.post('/api/group/pulladd', {
      token: a.token,
      body: newTask({ numberIds: [notOfficialA] }),
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.body.message).toMatch(/^numberIds: 号码 .* 不是官方商业账号/);
  });

  it("is a 404 naming the field for another tenant's number, template or tag", async () => {
    const hostB = (worldB.numbers[0] as { numberId: string }).numberId;
    const cases: [Record<string, unknown>, string][] = [
      [{ numberIds: [hostB] }, 'numberIds: Number not found'],
      [
        { content: { kind: 'template', templateId: worldB.templateId, variables: {}, inviteVariable: 'body.1' } },
        'content.templateId: Template not found',
      ],
      [{ audience: { tagIds: [tagB] } }, 'audience.tagIds: Tag not found'],
    ];
    for (const [change, message] of cases) {
      const reply = await post('/api/group/pulladd', newTask(change));
      expect(reply.status, message).toBe(404);
      expect(reply.body.message).toBe(message);
    }
    expect((await post('/api/group/pullhosts', { numberIds: [hostB] })).status).toBe(404);
  });

  it('keeps the invite variable for the group and refuses one that is not a variable of the template’s body', async () => {
    const given = await post(
      '/api/group/pulladd',
      newTask({
        content: {
          kind: 'template',
          templateId: worldA.templateId,
          variables: { 'body.1': { source: 'constant', value: 'hello' } },
          inviteVariable: 'body.1',
        },
      }),
    );
    expect(given.status).toBe(400);
    expect(given.body.message).toMatch(/^content\.variables\.body\.1: /);
    const invitedBy = (inviteVariable: string, language = 'en') =>
      t.post('/api/group/pulladd', {
        token: a.token,
        body: newTask({ content: { kind: 'template', templateId: worldA.templateId, variables: {}, inviteVariable } }),
        headers: { 'accept-language': language },
      });
    // Meta takes the group (group_id) in the body: neither a variable the body lacks nor a button's will do.
    for (const variable of ['body.2', 'button.0.1', 'header.1']) {
      const refused = await invitedBy(variable);
      expect(refused.status, variable).toBe(400);
      expect(refused.body.message).toBe(
        "content.inviteVariable: the template's body has no such variable: the group invite (Meta's group_id parameter) goes into a body variable",
      );
    }
    expect((await invitedBy('button.0.1', 'zh')).body.message).toMatch(
      /^content\.inviteVariable: 模板正文没有这个变量/,
    );
  });

  it('is a draft with {n} in its subject pattern, listed with filters', async () => {
    const id = await addedTask({ name: 'Autumn club', subjectPattern: 'Autumn club' });
    const listed = await post('/api/group/pulllist', { filters: { search: 'autumn' } });
    expect(listed.body.data.records).toEqual([
      expect.objectContaining({ id, status: 'draft', subject_pattern: 'Autumn club {n}', invited: 0, groups: 0 }),
    ]);
    const drafts = await post('/api/group/pulllist', { filters: { status: 'running', search: 'autumn' } });
    expect(drafts.body.data.total).toBe(0);
    const others = await post('/api/group/pulllist', {}, b.token);
    expect(others.body.data.records.map((task: { id: string }) => task.id)).toEqual([taskB]);
  });
});

describe('group/pulloperation', () => {
  it('moves a task through start, pause, resume and stop, and refuses moves its state does not allow', async () => {
    const id = await addedTask();
    const operate = (operation: string) => post('/api/group/pulloperation', { id, operation });
    expect((await operate('pause')).body.message).toBe('operation: the task is draft: it cannot pause');
    expect((await operate('rotate')).status).toBe(400);
    expect((await operate('start')).body.data).toMatchObject({ status: 'running', started_at: expect.any(String) });
    expect((await operate('start')).status).toBe(400);
    // Nothing to rotate to until Meta has sent a spare group's link.
    const rotate = await operate('rotate');
    expect(rotate.status).toBe(400);
    expect(rotate.body.message).toMatch(/^operation: no spare group is ready/);
    expect((await operate('pause')).body.data.status).toBe('paused');
    expect((await operate('resume')).body.data.status).toBe('running');
    expect((await operate('stop')).body.data).toMatchObject({ status: 'stopped', finished_at: expect.any(String) });
    expect((await operate('resume')).status).toBe(400);
    const { rows } = await t.pool.query('select run_no from pull_group_task where id = $1', [id]);
    expect(rows[0].run_no).toBe(2);
    // Each move is told to the tenant's admins and operators, in its own transaction.
    const { rows: events } = await t.pool.query(
      `select count(*)::int as n, min(tenant_id) as tenant, min(roles::text) as roles from realtime_event
        where type = 'pull_group.updated' and payload->>'task_id' = $1`,
      [id],
    );
    expect(events[0]).toEqual({ n: 4, tenant: a.tenantId, roles: '{admin,operator}' });
  });
});

describe('group/pulloperation rotate', () => {
  it('hands the invitations to the ready spare: the current group is rotated, its link no longer goes out', async () => {
    const id = await addedTask({ name: 'Rotate club' });
    expect((await post('/api/group/pulloperation', { id, operation: 'start' })).status).toBe(200);
    const groupOf = async (no: number, role: string) => {
      const link = `https://chat.whatsapp.com/Rotate${id}x${no}`;
      const { rows } = await t.pool.query(
        `insert into wa_group (tenant_id, number_id, group_id, subject, invite_link, status, task_id, task_group_no,
                               role)
         values ($1, $2, $3, $4, $5, 'active', $6, $7, $8) returning id::text`,
        [a.tenantId, hostA, `rotate-${id}-${no}`, `Rotate club ${no}`, link, id, no, role],
      );
      return { id: rows[0].id as string, link };
    };
    const current = await groupOf(1, 'current');
    const spare = await groupOf(2, 'spare');
    const rotated = await post('/api/group/pulloperation', { id, operation: 'rotate' });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body.data.current_invite_link).toBe(spare.link);
    const roles = (await post('/api/group/pulldetails', { id })).body.data.groups.map(
      (group: { id: string; role: string }) => [group.id, group.role],
    );
    expect(roles).toEqual([
      [current.id, 'rotated'],
      [spare.id, 'current'],
    ]);
    // The run is queued to make a new spare; until its link is known there is nothing to rotate to.
    const queued = await t.pool.query('select 1 from graphile_worker.jobs where key = $1', [
      `pull-group-run:${a.tenantId}:${id}`,
    ]);
    expect(queued.rowCount).toBe(1);
    const again = await post('/api/group/pulloperation', { id, operation: 'rotate' });
    expect(again.body.message).toMatch(/^operation: no spare group is ready/);
  });
});

describe('group/list and the exports', () => {
  it("lists only the tenant's groups, and exports a task's groups and invitations with a header", async () => {
    const id = await addedTask({ name: 'Export club' });
    const group = await t.pool.query(
      `insert into wa_group (tenant_id, number_id, group_id, subject, invite_link, status, participant_count, task_id,
                             task_group_no, role)
       values ($1, $2, 'Y2FwaV9ncm91cDpleHBvcnQ', 'Export club 1', 'https://chat.whatsapp.com/abc', 'active', 1, $3, 1,
               'current') returning id::text`,
      [a.tenantId, hostA, id],
    );
    const groupRef = group.rows[0].id;
    const { rows: contacts } = await t.pool.query(
      'select c.id::text, c.wa_id from contact c join contact_tag ct on ct.contact_id = c.id where ct.tag_id = $1 order by c.id limit 1',
      [tagA],
    );
    const contact = contacts[0] as { id: string; wa_id: string };
    await t.pool.query(
      `insert into wa_group_participant (tenant_id, group_ref, wa_id, contact_id, joined_at, via)
       values ($1, $2, $3, $4, now(), 'invite_link')`,
      [a.tenantId, groupRef, contact.wa_id, contact.id],
    );
    await t.pool.query(
      `insert into pull_group_invite (tenant_id, task_id, contact_id, group_ref, state, joined_at)
       values ($1, $2, $3, $4, 'joined', now())`,
      [a.tenantId, id, contact.id, groupRef],
    );
    const listed = await post('/api/group/list', { filters: { taskId: id } });
    expect(listed.body.data.records).toEqual([
      expect.objectContaining({ id: groupRef, subject: 'Export club 1', task_name: 'Export club', role: 'current' }),
    ]);
    expect((await post('/api/group/list', { filters: { taskId: id } }, b.token)).body.data.total).toBe(0);
    const details = await post('/api/group/pulldetails', { id });
    expect(details.body.data.groups[0].members).toEqual([expect.objectContaining({ wa_id: contact.wa_id })]);
    const groups = csvLines((await post('/api/group/pulldown', { id })).body);
    expect(groups[0]).toMatch(/^Group,Group id,Invite link,Host number,Participants,Member/);
    expect(groups[1]).toContain(`+${contact.wa_id}`);
    const invites = csvLines((await post('/api/group/pulldownrec', { id })).body);
    expect(invites).toHaveLength(2);
    expect(invites[1]).toContain('Joined');
    const records = await post('/api/group/pullrecords', { id, filters: { search: contact.wa_id.slice(-5) } });
    expect(records.body.data).toMatchObject({ total: 1, total_capped: false });
    expect(records.body.data.records[0]).toMatchObject({ state: 'joined', group_subject: 'Export club 1' });
  });
});
