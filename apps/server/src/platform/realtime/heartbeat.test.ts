import { describe, expect, it } from 'vitest';
import { openSocket, signedInSocket } from '../../test/realtime-client.js';
import { tenantOperator } from '../../test/tenants.js';
import { withTestApp } from '../../test/test-app.js';

describe('GET /ws heartbeat', () => {
  it('cuts a socket that stops answering pings and keeps the ones that answer', async () => {
    await withTestApp({ REALTIME_HEARTBEAT_SECONDS: '1' }, async (t) => {
      const operator = await tenantOperator(t);
      const alive = await signedInSocket(t, operator.token);
      // A client whose side went away: it no longer answers the server's pings.
      const silent = await openSocket(t, { type: 'auth', token: operator.token }, { autoPong: false });
      await silent.until((messages) => messages.some((message) => message.type === 'ready'));
      expect(t.app.realtime.size).toBe(2);
      expect(await silent.closed).toBe(1006);
      expect(t.app.realtime.size).toBe(1);
      expect(alive.socket.readyState).toBe(alive.socket.OPEN);
      alive.close();
    });
  });
});
