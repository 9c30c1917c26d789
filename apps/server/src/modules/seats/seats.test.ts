import type { TokenPair } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';

const t = useTestApp({}, { worker: true });
let owner: TokenPair;
beforeAll(async () => {
  owner = await t.registerOperator('seat_owner');
});

async function progressUntilFinished(token: string, taskId: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const reply = await t.post('/api/auth/getprogress', { token, body: { taskId } });
    expect(reply.status).toBe(200);
    if (reply.body.data.status === 'done' || reply.body.data.status === 'failed') return reply.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('seat batch did not finish in 20 s');
}

describe('bulk seat creation', () => {
  it('creates the seats in a background job and reports progress', async () => {
    const start = await t.post('/api/auth/createuser', {
      token: owner.access_token,
      body: { count: 30, prefix: 'kf', password: 'seat-pass-123' },
    });
    expect(start.status).toBe(200);
    expect(start.body.message).toBe('新增成功');
    const progress = await progressUntilFinished(owner.access_token, start.body.data.task_id);
    expect(progress).toMatchObject({ status: 'done', total: 30, done: 30, skipped: [], error: null });
    expect(progress.created).toHaveLength(30);
    expect(progress.created[0]).toBe('kf1');
    expect(progress.created[29]).toBe('kf30');

    const seat = await t.signIn('kf7', 'seat-pass-123');
    expect(seat.user_info).toMatchObject({ role: 'seat', tenant_id: owner.user_info.tenant_id, mass: 0 });
    expect(seat.user_info.dept_id).toBe(owner.user_info.dept_id);
  });

  it('skips names that are taken instead of failing the batch', async () => {
    await t.registerOperator('dup3');
    const start = await t.post('/api/auth/createuser', {
      token: owner.access_token,
      body: { count: 4, prefix: 'dup', password: 'seat-pass-123' },
    });
    const progress = await progressUntilFinished(owner.access_token, start.body.data.task_id);
    expect(progress.created).toEqual(['dup1', 'dup2', 'dup4']);
    expect(progress.skipped).toEqual(['dup3']);
  });

  it("keeps one tenant's task invisible to another", async () => {
    const start = await t.post('/api/auth/createuser', {
      token: owner.access_token,
      body: { count: 1, prefix: 'solo', password: 'seat-pass-123' },
    });
    const stranger = await t.registerOperator('seat_stranger');
    const peek = await t.post('/api/auth/getprogress', {
      token: stranger.access_token,
      body: { taskId: start.body.data.task_id },
    });
    expect(peek.status).toBe(404);
    expect(peek.body.message).toBe('任务不存在');
  });

  it('refuses seats and bad input', async () => {
    const seat = await t.signIn('kf1', 'seat-pass-123');
    const bySeat = await t.post('/api/auth/createuser', {
      token: seat.access_token,
      body: { count: 1, prefix: 'nope', password: 'seat-pass-123' },
    });
    expect(bySeat.status).toBe(403);
    expect(bySeat.body.message).toBe('无权访问');
    for (const [body, field] of [
      [{ count: 0, prefix: 'kf', password: 'seat-pass-123' }, 'count'],
      [{ count: 201, prefix: 'kf', password: 'seat-pass-123' }, 'count'],
      [{ count: 2, prefix: 'k f', password: 'seat-pass-123' }, 'prefix'],
      [{ count: 2, prefix: 'kf', password: 'short' }, 'password'],
      [{ count: '2', prefix: 'kf', password: 'seat-pass-123' }, 'count'],
    ] as const) {
      const reply = await t.post('/api/auth/createuser', { token: owner.access_token, body });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(new RegExp(`^${field}: `));
    }
    const badTask = await t.post('/api/auth/getprogress', { token: owner.access_token, body: { taskId: 'x' } });
    expect(badTask.body.message).toMatch(/^taskId: /);
  });

  it('resumes a batch from its saved cursor without creating a seat twice', async () => {
    const start = await t.post('/api/auth/createuser', {
      token: owner.access_token,
      body: { count: 3, prefix: 'resume', password: 'seat-pass-123' },
    });
    const first = await progressUntilFinished(owner.access_token, start.body.data.task_id);
    expect(first.created).toHaveLength(3);
    // Pretend the worker died after the first seat: rewind the cursor and run the job again.
    await t.pool.query(
      `update seat_batch set status = 'running', next_index = 2, created = array['resume1'] where id = $1`,
      [start.body.data.task_id],
    );
    await t.pool.query(
      `select graphile_worker.add_job('seats_create_batch', json_build_object('tenantId', $1::text, 'batchId', $2::text))`,
      [owner.user_info.tenant_id, start.body.data.task_id],
    );
    const again = await progressUntilFinished(owner.access_token, start.body.data.task_id);
    // resume2 and resume3 exist already, so the rerun skips them rather than duplicating.
    expect(again.created).toEqual(['resume1']);
    expect(again.skipped).toEqual(['resume2', 'resume3']);
    const { rows } = await t.pool.query(`select count(*)::int as n from app_user where username like 'resume%'`);
    expect(rows[0].n).toBe(3);
  });
});
