/** Fixtures of the numbers tests: egress IPs, and calls that must succeed. */
import { randomBytes } from 'node:crypto';
import { PLATFORM_TENANT_ID } from '../../platform/tenants.js';
import type { TestApp } from '../../test/test-app.js';

/** An egress IP of the tenant, or a system IP when tenantId is the platform's. */
export async function addIp(
  t: TestApp,
  tenantId: string = PLATFORM_TENANT_ID,
  options: { enabled?: boolean } = {},
): Promise<string> {
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into egress_ip (tenant_id, host, port, enabled) values ($1, $2, 3128, $3) returning id`,
    [tenantId, `10.0.${randomBytes(1)[0]}.${randomBytes(1)[0]}`, options.enabled ?? true],
  );
  return rows[0]?.id as string;
}

/** The call's reply data, failing loudly when the call did not succeed. */
export async function ok(t: TestApp, path: string, token: string, body: unknown) {
  const reply = await t.post(path, { token, body });
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}
