/**
 * Keyword rules' and greetings' calls: refusals naming the field, another tenant's rule, material
 * or number as a 404, and the test call's answer (modes, priority, hours, numbers, opt-out words).
 */
import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { addRule, localClock, ok, textMaterial } from './test-support.js';

const t = useTestApp();
const tenants = useTenants(t, 'kw');
const { a: operator, b: other } = tenants;

let material: string;
let otherMaterial: string;
let number: string;
let secondNumber: string;
let otherNumber: string;
beforeAll(async () => {
  material = await textMaterial(t, operator, 'Hi there');
  otherMaterial = await textMaterial(t, other, 'Not yours');
  number = await addNumber(t, operator.tenantId);
  secondNumber = await addNumber(t, operator.tenantId);
  otherNumber = await addNumber(t, other.tenantId);
});

const valid = () => ({ name: 'r', keywords: ['hi'], matchMode: 'exact', materialId: material });
const post = (path: string, body: object, token = operator.token) => t.post(path, { token, body });

describe('keyword and greeting calls refuse strangers and bad input', () => {
  it('checks every call', async () => {
    await refusesStrangers(t, tenants, calls.keywordList, { valid: () => ({}), bad: [[{ pageSize: 7 }, 'pageSize']] });
    await refusesStrangers(t, tenants, calls.keywordAdd, {
      valid,
      bad: [
        [{ ...valid(), name: '' }, 'name'],
        [{ ...valid(), keywords: [] }, 'keywords'],
        [{ ...valid(), keywords: ['  '] }, 'keywords.0'],
        [{ ...valid(), matchMode: 'fuzzy' }, 'matchMode'],
        [{ ...valid(), materialId: 'x' }, 'materialId'],
        [{ ...valid(), numberIds: ['n'] }, 'numberIds.0'],
        [{ ...valid(), activeHours: { from: '25:00', to: '10:00' } }, 'activeHours.from'],
        [{ ...valid(), activeHours: { from: '10:00', to: '10:00' } }, 'activeHours'],
        [{ ...valid(), cooldownSeconds: -1 }, 'cooldownSeconds'],
        [{ ...valid(), priority: 1.5 }, 'priority'],
        [{ ...valid(), matchMode: 'regex', keywords: ['ok', '(a)\\1'] }, 'keywords.1'],
        [{ ...valid(), matchMode: 'regex', keywords: ['(?=price)'] }, 'keywords.0'],
        [{ ...valid(), matchMode: 'regex', keywords: ['(x{1000}){1000}'] }, 'keywords.0'],
      ],
    });
    await refusesStrangers(t, tenants, calls.keywordEdit, {
      valid: () => ({ id: '1', ...valid() }),
      bad: [[{ ...valid() }, 'id']],
    });
    await refusesStrangers(t, tenants, calls.keywordDel, {
      valid: () => ({ ids: ['1'] }),
      bad: [[{ ids: ['x'] }, 'ids.0']],
      onlyStrangers: { body: () => ({ ids: ['999999999'] }), field: 'ids' },
    });
    await refusesStrangers(t, tenants, calls.keywordTest, {
      valid: () => ({ text: 'hi' }),
      bad: [
        [{ text: '' }, 'text'],
        [{ text: 'hi', at: 'yesterday' }, 'at'],
      ],
    });
    await refusesStrangers(t, tenants, calls.greetingList, { valid: () => ({}) });
    await refusesStrangers(t, tenants, calls.greetingSave, {
      valid: () => ({ materialId: material }),
      bad: [
        [{}, 'materialId'],
        [{ materialId: material, silenceDays: 366 }, 'silenceDays'],
        [{ materialId: material, numberId: 'x' }, 'numberId'],
      ],
    });
    await refusesStrangers(t, tenants, calls.greetingDel, {
      valid: () => ({ ids: ['1'] }),
      onlyStrangers: { body: () => ({ ids: ['999999999'] }), field: 'ids' },
    });
  });

  it("names another tenant's material, number or rule as not found", async () => {
    const cases: [object, string][] = [
      [{ ...valid(), materialId: otherMaterial }, 'materialId'],
      [{ ...valid(), numberIds: [number, otherNumber] }, 'numberIds.1'],
    ];
    for (const [body, field] of cases) {
      const reply = await post('/api/keyword/add', body);
      expect(reply.status, JSON.stringify(reply.body)).toBe(404);
      expect(reply.body.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    }
    const theirs = await addRule(t, other, otherMaterial);
    const edit = await post('/api/keyword/edit', { id: theirs.id, ...valid() });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toMatch(/^id: /);
    expect((await post('/api/keyword/del', { ids: [theirs.id] })).status).toBe(404);
    const greeting = await post('/api/greeting/save', { materialId: material, numberId: otherNumber });
    expect(greeting.status).toBe(404);
    expect(greeting.body.message).toMatch(/^numberId: /);
    const outside = await post('/api/greeting/save', { materialId: material, outsideMaterialId: otherMaterial });
    expect(outside.body.message).toMatch(/^outsideMaterialId: /);
    // B's own rule is untouched and A's list never shows it.
    const list = await ok(t, operator, '/api/keyword/list', {});
    expect(list.records.map((r: { id: string }) => r.id)).not.toContain(theirs.id);
    expect((await ok(t, other, '/api/keyword/list', {})).records.map((r: { id: string }) => r.id)).toContain(theirs.id);
  });
});

describe('keyword rules', () => {
  it('adds, lists, edits and deletes a rule', async () => {
    const rule = await addRule(t, operator, material, {
      name: 'Prices',
      keywords: ['price', '价格'],
      matchMode: 'contains',
      numberIds: [number],
      activeHours: { from: '09:00', to: '18:00' },
      priority: 5,
      cooldownSeconds: 600,
    });
    expect(rule).toMatchObject({
      name: 'Prices',
      keywords: ['price', '价格'],
      match_mode: 'contains',
      number_ids: [number],
      material: { id: material, tp: 'text' },
      active_hours: { from: '09:00', to: '18:00' },
      priority: 5,
      cooldown_seconds: 600,
      enabled: true,
    });
    const found = await ok(t, operator, '/api/keyword/list', { filters: { search: '价格' } });
    expect(found.records.map((r: { id: string }) => r.id)).toEqual([rule.id]);
    // By number: a rule of another number is left out, a rule of every number is listed.
    const ofSecond = await ok(t, operator, '/api/keyword/list', { filters: { numberId: secondNumber } });
    expect(ofSecond.records.map((r: { id: string }) => r.id)).not.toContain(rule.id);
    const ofFirst = await ok(t, operator, '/api/keyword/list', { filters: { numberId: number } });
    expect(ofFirst.records.map((r: { id: string }) => r.id)).toContain(rule.id);
    const edited = await ok(t, operator, '/api/keyword/edit', { id: rule.id, ...valid(), enabled: false });
    expect(edited).toMatchObject({ keywords: ['hi'], active_hours: null, number_ids: [], enabled: false });
    expect(await ok(t, operator, '/api/keyword/del', { ids: [rule.id] })).toEqual({ count: 1 });
    expect((await post('/api/keyword/edit', { id: rule.id, ...valid() })).status).toBe(404);
  });

  it('a material a rule answers with cannot be deleted', async () => {
    const own = await textMaterial(t, operator, 'kept');
    await addRule(t, operator, own, { keywords: ['keep'] });
    const reply = await post('/api/mater/quickdel', { ids: [own] });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toMatch(/^ids: /);
  });
});

describe('the test call', () => {
  const test = (text: string, extra: object = {}) => ok(t, other, '/api/keyword/test', { text, ...extra });
  let ids: Record<string, string>;
  beforeAll(async () => {
    const m = otherMaterial;
    const made = {
      exact: await addRule(t, other, m, { name: 'exact', keywords: ['Order Status'], matchMode: 'exact', priority: 1 }),
      prefix: await addRule(t, other, m, { name: 'prefix', keywords: ['order'], matchMode: 'prefix' }),
      contains: await addRule(t, other, m, { name: 'contains', keywords: ['refund'], matchMode: 'contains' }),
      regex: await addRule(t, other, m, { name: 'regex', keywords: ['\\bsku-\\d{4}\\b'], matchMode: 'regex' }),
      evil: await addRule(t, other, m, { name: 'evil', keywords: ['^(a+)+$', '(x+x+)+y'], matchMode: 'regex' }),
      off: await addRule(t, other, m, { name: 'off', keywords: ['refund'], matchMode: 'contains', enabled: false }),
      elsewhere: await addRule(t, other, m, {
        name: 'elsewhere',
        keywords: ['refund'],
        matchMode: 'contains',
        numberIds: [otherNumber],
        priority: 9,
      }),
      late: await addRule(t, other, m, {
        name: 'late',
        keywords: ['refund'],
        matchMode: 'contains',
        priority: 8,
        activeHours: { from: await localClock(t, other.tenantId, 60), to: await localClock(t, other.tenantId, 120) },
      }),
    };
    ids = Object.fromEntries(Object.entries(made).map(([key, rule]) => [key, rule.id as string]));
  });

  it('matches each mode, ignoring case and spacing', async () => {
    expect((await test('  order   STATUS ')).rule?.id).toBe(ids.exact);
    expect((await test('order 1234 please')).rule?.id).toBe(ids.prefix);
    expect((await test('I want a REFUND now', { numberId: '1' })).rule?.id).toBe(ids.contains);
    expect((await test('about SKU-1234?')).rule?.id).toBe(ids.regex);
    expect((await test('about sku-12345')).rule).toBeNull();
    expect((await test('no match at all')).matches).toEqual([]);
  });

  it('the highest priority answers and says why the others do not', async () => {
    const reply = await test('order status');
    expect(reply.rule.id).toBe(ids.exact);
    expect(reply.keyword).toBe('Order Status');
    expect(reply.matches).toEqual([
      { rule_id: ids.exact, name: 'exact', keyword: 'Order Status', skipped: null },
      { rule_id: ids.prefix, name: 'prefix', keyword: 'order', skipped: 'lower_priority' },
    ]);
  });

  it('leaves out rules switched off, of other numbers or outside their hours', async () => {
    const reply = await test('refund', { numberId: otherNumber });
    // On its number the number's rule (priority 9) answers.
    expect(reply.rule.id).toBe(ids.elsewhere);
    const anywhere = await ok(t, other, '/api/keyword/test', { text: 'refund', numberId: '1' });
    const skipped = Object.fromEntries(
      anywhere.matches.map((m: { rule_id: string; skipped: string }) => [m.rule_id, m.skipped]),
    );
    expect(skipped).toEqual({
      [ids.elsewhere as string]: 'other_number',
      [ids.late as string]: 'outside_hours',
      [ids.off as string]: 'disabled',
      [ids.contains as string]: null,
    });
    const inAnHour = new Date(Date.now() + 90 * 60_000).toISOString();
    expect((await test('refund', { numberId: '1', at: inAnHour })).rule.id).toBe(ids.late);
  });

  it('never answers an opt-out word', async () => {
    await addRule(t, other, otherMaterial, { name: 'stop', keywords: ['stop'], matchMode: 'exact', priority: 100 });
    const reply = await test('STOP');
    expect(reply).toMatchObject({ rule: null, opt_out: true });
  });

  it('runs a catastrophic pattern in linear time', async () => {
    // Backtracking engines take exponential time on these; RE2 answers at once.
    expect((await test(`${'a'.repeat(4000)}!`)).rule).toBeNull();
    expect((await test('x'.repeat(4000))).rule).toBeNull();
    expect((await test('aaaa')).rule.id).toBe(ids.evil);
  });

  it('a change is seen at once (the cached matcher follows the version)', async () => {
    expect((await test('brand new word')).rule).toBeNull();
    const rule = await addRule(t, other, otherMaterial, { keywords: ['brand new'], matchMode: 'prefix' });
    expect((await test('brand new word')).rule.id).toBe(rule.id);
    await ok(t, other, '/api/keyword/del', { ids: [rule.id] });
    expect((await test('brand new word')).rule).toBeNull();
  });
});

describe('greetings', () => {
  it('one per number and one for all; saved again, replaced; deleted', async () => {
    const all = await ok(t, operator, '/api/greeting/save', { materialId: material });
    const own = await ok(t, operator, '/api/greeting/save', {
      numberId: secondNumber,
      materialId: material,
      outsideMaterialId: material,
      activeHours: { from: '08:00', to: '20:00' },
      silenceDays: 3,
    });
    expect(own).toMatchObject({
      number_id: secondNumber,
      material: { id: material },
      outside_material: { id: material },
      active_hours: { from: '08:00', to: '20:00' },
      silence_days: 3,
      enabled: true,
    });
    const again = await ok(t, operator, '/api/greeting/save', { numberId: secondNumber, materialId: material });
    expect(again.id).toBe(own.id);
    expect(again).toMatchObject({ outside_material: null, active_hours: null, silence_days: 0 });
    const list = await ok(t, operator, '/api/greeting/list');
    expect(list.map((g: { id: string }) => g.id)).toEqual([all.id, own.id]);
    expect(await ok(t, other, '/api/greeting/list')).toEqual([]);
    expect((await post('/api/greeting/del', { ids: [own.id] }, other.token)).status).toBe(404);
    expect(await ok(t, operator, '/api/greeting/del', { ids: [own.id, all.id] })).toEqual({ count: 2 });
  });
});
