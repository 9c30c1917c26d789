import type { TokenPair } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';

const t = useTestApp();

const userInfo = (pair: TokenPair) => t.get('/api/blade-auth/oauth/user-info', { token: pair.access_token });
const friendList = (pair: TokenPair) => t.post('/api/friend/list', { token: pair.access_token, body: {} });
const refresh = (pair: TokenPair) =>
  t.post('/api/blade-auth/oauth/token', {
    query: { refresh_token: pair.refresh_token, grant_type: 'refresh_token', scope: 'all' },
  });
const logout = (pair: TokenPair, headers: Record<string, string> = {}) =>
  t.post('/api/auth/logout', { token: pair.access_token, headers });

describe('POST /api/auth/logout', () => {
  it("revokes every token of the caller's session and no other session", async () => {
    const operator = await t.registerOperator();
    const username = operator.user_info.username;
    const session = await t.signIn(username, 'operator-pass-1');
    const other = await t.signIn(username, 'operator-pass-1');
    expect((await userInfo(session)).status).toBe(200);
    expect((await friendList(session)).status).toBe(200);

    const reply = await logout(session);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ code: 0, message: '操作成功', data: null });

    expect((await userInfo(session)).status).toBe(401);
    expect((await friendList(session)).status).toBe(401);
    expect((await refresh(session)).status).toBe(401);
    // A second sign-out with the dead token is refused like any other call.
    expect((await logout(session)).status).toBe(401);

    // The same user's other sign-ins (the registration's and another) keep working.
    for (const alive of [other, operator]) {
      expect((await userInfo(alive)).status).toBe(200);
      expect((await friendList(alive)).status).toBe(200);
    }
    expect((await refresh(other)).status).toBe(200);
  });

  it('revokes the tokens issued by refreshes of the same sign-in', async () => {
    const operator = await t.registerOperator();
    const rotated: TokenPair = (await refresh(operator)).body.data;
    expect((await logout(rotated)).status).toBe(200);
    expect((await userInfo(operator)).status).toBe(401);
    expect((await userInfo(rotated)).status).toBe(401);
    expect((await refresh(rotated)).status).toBe(401);
  });

  it('writes the operation log and answers in the language asked for', async () => {
    const operator = await t.registerOperator();
    const reply = await logout(operator, { 'accept-language': 'en-US,en;q=0.9' });
    expect(reply.body).toEqual({ code: 0, message: 'Success', data: null });
    const { rows } = await t.pool.query(
      `select tenant_id, username, target from operation_log where action = 'auth.logout' and username = $1`,
      [operator.user_info.username],
    );
    expect(rows).toEqual([
      {
        tenant_id: operator.user_info.tenant_id,
        username: operator.user_info.username,
        target: `session of ${operator.user_info.username}`,
      },
    ]);
  });

  it('is a 401 without a token', async () => {
    const reply = await t.post('/api/auth/logout');
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe(401);
  });
});
