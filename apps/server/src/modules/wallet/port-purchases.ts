import type { LedgerListRequest, PortKind, PortPurchase } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { type Pool, withTransaction } from '../../platform/db/pool.js';
import { cappedPage } from '../../platform/http/capped-page.js';
import { errors } from '../../platform/http/errors.js';
import { cancelPortPurchase, countPortPurchases, insertPortPurchase, selectPortPurchases } from './port-repository.js';
import { postTransaction } from './post-transaction.js';
import { checkTenantFilter, tenantOf } from './wallet-commands.js';

const moneyMoved = (amount: number) => [
  { tenant: 'wallet' as const, amount: -BigInt(amount) },
  { platform: 'port_sales' as const, amount: BigInt(amount) },
];

/**
 * Records number or seat slots a tenant bought, charged to its wallet in the same transaction
 * (once per request id; a prepaid wallet without the money refuses it).
 */
export async function addPortPurchase(
  pool: Pool,
  scope: Scope,
  body: {
    tenantId: string;
    kind: PortKind;
    slots: number;
    amount: number;
    days: number;
    requestId: string;
    remark: string;
  },
): Promise<PortPurchase> {
  const tenantId = await tenantOf(pool, scope, body.tenantId);
  return withTransaction(pool, async (client) => {
    const { transactionId } = await postTransaction(client, tenantId, {
      kind: 'port_purchase',
      idempotencyKey: `port:${body.requestId}`,
      unit: 'usd_micros',
      entries: moneyMoved(body.amount),
      quantity: body.slots,
      category: body.kind,
      memo: body.remark,
      createdBy: scope.userId,
    });
    if (transactionId === null) {
      throw errors.conflict({ zh: 'requestId: 该购买已记录', en: 'requestId: this purchase was recorded already' });
    }
    return insertPortPurchase(client, tenantId, { ...body, transactionId });
  });
}

/** Cancels a purchase and refunds its amount to the wallet, in one transaction. */
export async function deletePortPurchase(
  pool: Pool,
  scope: Scope,
  body: { id: string; tenantId: string },
): Promise<PortPurchase> {
  const tenantId = await tenantOf(pool, scope, body.tenantId);
  return withTransaction(pool, async (client) => {
    const purchase = await cancelPortPurchase(client, tenantId, body.id);
    if (!purchase) throw errors.notFound({ zh: 'id: 购买记录', en: 'id: Purchase' });
    await postTransaction(client, tenantId, {
      kind: 'refund',
      idempotencyKey: `port-refund:${purchase.id}`,
      unit: 'usd_micros',
      entries: moneyMoved(-purchase.amount),
      quantity: purchase.slots,
      category: purchase.kind,
      memo: `refund of purchase ${purchase.id}`,
      createdBy: scope.userId,
    });
    return purchase;
  });
}

export async function listPortPurchases(pool: Pool, scope: Scope, request: LedgerListRequest) {
  await checkTenantFilter(pool, scope, request.filters);
  return cappedPage(
    request,
    (cap) => countPortPurchases(pool, scope, request, cap),
    (limit, offset) => selectPortPurchases(pool, scope, request, limit, offset),
  );
}
