import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import type { KnownChangeInput } from '../meta/webhook-payload.js';
import {
  changePayload,
  deliver,
  type Listener,
  listen,
  rows,
  type SeededNumber,
  seedNumber,
  WEBHOOK_ENV,
} from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
const WABA_ID = '400000000000001';
let number: SeededNumber;
let second: SeededNumber;
let listener: Listener<{ tenantId: string; numberId: string }>;

beforeAll(async () => {
  number = await seedNumber(t, {
    tenantId: '330001',
    phoneNumberId: '210000000000001',
    wabaId: WABA_ID,
    phone: '+15550783881',
  });
  // A second number of the same WABA, to see which events reach one number and which all.
  const [waba] = await rows<{ id: string }>(t.pool, `select id::text from wa_business_account where waba_id = $1`, [
    WABA_ID,
  ]);
  const [made] = await rows<{ id: string }>(
    t.pool,
    `insert into wa_number (tenant_id, waba_ref, phone, phone_number_id, access_token_encrypted, api_base_url, quality_rating)
     values ($1, $2, '+15550000002', '210000000000002', 'x', 'http://127.0.0.1:1', 'GREEN') returning id::text`,
    [number.tenantId, waba!.id],
  );
  second = { ...number, numberId: made!.id };
  listener = await listen(t.pool, 'wa_number_state');
});
afterAll(() => listener?.stop());

const send = (...changes: KnownChangeInput[]) => deliver(t, ...changes.map((change) => changePayload(WABA_ID, change)));
const numberRow = async (id: string) => (await rows(t.pool, 'select * from wa_number where id = $1', [id]))[0]!;
const lastEvent = async () =>
  (await rows(t.pool, 'select outcome, problem from webhook_event order by id desc limit 1'))[0];

describe('phone_number_quality_update', () => {
  it('FLAGGED turns the quality red and pauses that number only, announced on wa_number_state', async () => {
    await send({
      field: 'phone_number_quality_update',
      value: { display_phone_number: '15550783881', event: 'FLAGGED', current_limit: 'TIER_1K' },
    });
    expect(await numberRow(number.numberId)).toMatchObject({
      quality_rating: 'RED',
      pause_reason: 'quality_red',
      messaging_limit_tier: 'TIER_1K',
    });
    expect((await numberRow(number.numberId)).paused_at).toBeInstanceOf(Date);
    expect(await numberRow(second.numberId)).toMatchObject({ quality_rating: 'GREEN', paused_at: null });
    expect(await listener.waitFor((item) => item.numberId === number.numberId)).toEqual([
      { tenantId: number.tenantId, numberId: number.numberId },
    ]);
  });

  it('UNFLAGGED lifts the rating but not the pause: only an operator resumes', async () => {
    await send({
      field: 'phone_number_quality_update',
      value: { display_phone_number: '15550783881', event: 'UNFLAGGED' },
    });
    const row = await numberRow(number.numberId);
    expect(row).toMatchObject({ quality_rating: 'YELLOW', pause_reason: 'quality_red' });
    expect(row.paused_at).toBeInstanceOf(Date);
  });

  it("UPGRADE records the tier and the portfolio's messaging limit; THROUGHPUT_UPGRADE the throughput", async () => {
    await send(
      {
        field: 'phone_number_quality_update',
        value: {
          display_phone_number: '15550000002',
          event: 'UPGRADE',
          old_limit: 'TIER_1K',
          current_limit: 'TIER_10K',
        },
      },
      {
        field: 'phone_number_quality_update',
        value: { display_phone_number: '15550000002', event: 'THROUGHPUT_UPGRADE', current_limit: 'TIER_UNLIMITED' },
      },
    );
    expect(await numberRow(second.numberId)).toMatchObject({
      messaging_limit_tier: 'TIER_10K',
      throughput_level: 'HIGH',
      throughput_per_second: 1000,
    });
    const [portfolio] = await rows(t.pool, 'select messaging_limit from wa_portfolio where id = $1', [
      number.portfolioId,
    ]);
    expect(portfolio).toEqual({ messaging_limit: 10_000 });
  });

  it("a portfolio-level limit (max_daily_conversations_per_business) sets the tier of all the portfolio's numbers", async () => {
    // A second WABA of the same portfolio, and a number of another tenant's portfolio.
    const [sibling] = await rows<{ id: string }>(
      t.pool,
      `with waba as (insert into wa_business_account (tenant_id, portfolio_id, waba_id) values ($1, $2, '400000000000009')
                     returning id)
       insert into wa_number (tenant_id, waba_ref, phone, phone_number_id, access_token_encrypted, api_base_url)
       select $1, id, '+15550000009', '210000000000009', 'x', 'http://127.0.0.1:1' from waba returning id::text`,
      [number.tenantId, number.portfolioId],
    );
    const stranger = await seedNumber(t, {
      tenantId: '330002',
      phoneNumberId: '210000000000003',
      wabaId: '400000000000003',
      phone: '+15550000003',
    });
    await send({
      field: 'phone_number_quality_update',
      value: {
        display_phone_number: '15550000002',
        event: 'UPGRADE',
        old_limit: 'TIER_10K',
        current_limit: 'TIER_10K',
        max_daily_conversations_per_business: 'TIER_100K',
      },
    });
    for (const id of [number.numberId, second.numberId, sibling!.id]) {
      expect(await numberRow(id)).toMatchObject({ messaging_limit_tier: 'TIER_100K' });
    }
    expect((await numberRow(stranger.numberId)).messaging_limit_tier).toBeNull();
    expect(
      (await rows(t.pool, 'select messaging_limit from wa_portfolio where id = $1', [number.portfolioId]))[0],
    ).toEqual({ messaging_limit: 100_000 });

    // business_capability_update gives the portfolio's limit as a number, -1 for unlimited.
    await send({ field: 'business_capability_update', value: { max_daily_conversations_per_business: -1 } });
    for (const id of [number.numberId, second.numberId, sibling!.id]) {
      expect(await numberRow(id)).toMatchObject({ messaging_limit_tier: 'TIER_UNLIMITED' });
    }
    expect(
      (await rows(t.pool, 'select messaging_limit from wa_portfolio where id = $1', [number.portfolioId]))[0],
    ).toEqual({ messaging_limit: null });
    await t.pool.query('update wa_number set deleted_at = now() where id = $1', [sibling!.id]);
  });

  it('a number the WABA does not have is kept as unknown_number', async () => {
    await send({
      field: 'phone_number_quality_update',
      value: { display_phone_number: '19999999999', event: 'FLAGGED' },
    });
    expect(await lastEvent()).toEqual({
      outcome: 'unknown_number',
      problem: 'phone_number_quality_update: unknown number 19999999999 of WABA 400000000000001',
    });
  });
});

describe('phone_number_name_update, account_review_update, business_capability_update', () => {
  it('record the name decision, the review and the limit', async () => {
    await send(
      {
        field: 'phone_number_name_update',
        value: { display_phone_number: '15550000002', decision: 'APPROVED', requested_verified_name: 'Lucky Shrub' },
      },
      { field: 'account_review_update', value: { decision: 'APPROVED' } },
      {
        field: 'business_capability_update',
        value: { max_daily_conversation_per_phone: 2000, max_phone_numbers_per_business: 20 },
      },
    );
    expect(await numberRow(second.numberId)).toMatchObject({ name_status: 'APPROVED', verified_name: 'Lucky Shrub' });
    expect(
      (await rows(t.pool, 'select review_status from wa_business_account where waba_id = $1', [WABA_ID]))[0],
    ).toEqual({ review_status: 'APPROVED' });
    expect(
      (await rows(t.pool, 'select messaging_limit from wa_portfolio where id = $1', [number.portfolioId]))[0],
    ).toEqual({ messaging_limit: 2000 });
  });
});

describe('account_update', () => {
  it('a messaging restriction pauses every number of the WABA', async () => {
    await send({
      field: 'account_update',
      value: {
        event: 'ACCOUNT_RESTRICTION',
        restriction_info: [
          { restriction_type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiration: '2026-04-19T13:59:20+0000' },
        ],
      },
    });
    expect(await numberRow(second.numberId)).toMatchObject({
      status: 'RESTRICTED',
      pause_reason: 'restricted_by_meta',
    });
    // The first number stays paused for its first reason.
    expect(await numberRow(number.numberId)).toMatchObject({ status: 'RESTRICTED', pause_reason: 'quality_red' });
  });

  it('a ban disables, a reinstatement reconnects but leaves the pause', async () => {
    await send({
      field: 'account_update',
      value: { event: 'DISABLED_UPDATE', ban_info: { waba_ban_state: 'DISABLE', waba_ban_date: '2026-01-01' } },
    });
    expect(await numberRow(second.numberId)).toMatchObject({ status: 'BANNED' });
    await send({
      field: 'account_update',
      value: { event: 'DISABLED_UPDATE', ban_info: { waba_ban_state: 'REINSTATE' } },
    });
    const row = await numberRow(second.numberId);
    expect(row).toMatchObject({ status: 'CONNECTED', pause_reason: 'restricted_by_meta' });
    expect((await rows(t.pool, 'select ban_state from wa_business_account where waba_id = $1', [WABA_ID]))[0]).toEqual({
      ban_state: 'REINSTATE',
    });
  });

  it('a violation is recorded as a note', async () => {
    await send({
      field: 'account_update',
      value: { event: 'ACCOUNT_VIOLATION', violation_info: { violation_type: 'SCAM' } },
    });
    expect(await lastEvent()).toEqual({
      outcome: 'processed',
      problem: 'account_update: account event ACCOUNT_VIOLATION (SCAM) recorded only',
    });
  });
});

describe('template webhooks', () => {
  beforeAll(async () => {
    await t.pool.query(
      `insert into wa_template (tenant_id, waba_ref, name, language, category) values ($1, $2, 'order_update', 'en_US', 'UTILITY'),
         ($1, $2, 'spring_sale', 'en_US', 'MARKETING')`,
      [number.tenantId, number.wabaRef],
    );
  });
  const template = async (name: string) =>
    (
      await rows(
        t.pool,
        'select meta_template_id, status, rejected_reason, quality_score, category from wa_template where name = $1',
        [name],
      )
    )[0];
  const ref = (name: string, id: number) => ({
    message_template_id: id,
    message_template_name: name,
    message_template_language: 'en_US',
  });

  it('status: found by name first, learns its id, then found by id', async () => {
    await send({
      field: 'message_template_status_update',
      value: { ...ref('order_update', 7001), event: 'REJECTED', reason: 'INVALID_FORMAT' },
    });
    expect(await template('order_update')).toMatchObject({
      meta_template_id: '7001',
      status: 'REJECTED',
      rejected_reason: 'INVALID_FORMAT',
    });
    await send({
      field: 'message_template_status_update',
      value: { ...ref('renamed_elsewhere', 7001), event: 'APPROVED', reason: 'NONE' },
    });
    expect(await template('order_update')).toMatchObject({ status: 'APPROVED', rejected_reason: null });
  });

  it('quality and category', async () => {
    await send(
      {
        field: 'message_template_quality_update',
        value: { ...ref('spring_sale', 7002), previous_quality_score: 'GREEN', new_quality_score: 'RED' },
      },
      {
        field: 'template_category_update',
        value: { ...ref('order_update', 7001), previous_category: 'UTILITY', new_category: 'MARKETING' },
      },
    );
    expect(await template('spring_sale')).toMatchObject({ quality_score: 'RED', meta_template_id: '7002' });
    expect(await template('order_update')).toMatchObject({ category: 'MARKETING' });
  });

  it('an unknown template makes the event partial; an unknown WABA keeps it as unknown_number', async () => {
    await send({ field: 'message_template_status_update', value: { ...ref('nobody', 7999), event: 'APPROVED' } });
    expect(await lastEvent()).toEqual({
      outcome: 'partial',
      problem: 'message_template_status_update: template nobody (en_US, id 7999) not found',
    });
    await deliver(
      t,
      changePayload('499999999999999', {
        field: 'message_template_status_update',
        value: { ...ref('x', 1), event: 'APPROVED' },
      }),
    );
    expect(await lastEvent()).toEqual({
      outcome: 'unknown_number',
      problem: 'message_template_status_update: unknown WABA 499999999999999',
    });
  });
});
