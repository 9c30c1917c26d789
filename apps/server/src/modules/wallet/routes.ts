import { type CreditReply, calls, formatMicros } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { addMarket, addRate } from '../pricing/edit-price-book.js';
import { selectPriceBook } from '../pricing/price-book-edits-repository.js';
import { downloadLedger, usageSummary } from './download-ledger.js';
import { addPortPurchase, deletePortPurchase, listPortPurchases } from './port-purchases.js';
import {
  changeWalletSettings,
  creditTenant,
  listPostings,
  listUsage,
  SELECTIONS,
  walletInfoOf,
} from './wallet-commands.js';

/** The operation-log text of a credit: what it added, and whether a retry posted nothing. */
const credited = (tenantId: string, what: string, reply: CreditReply) =>
  `tenant ${tenantId}: +${what} (${reply.transaction_id}${reply.posted ? '' : ', a retry: nothing posted'})`;

export function registerWalletRoutes(app: FastifyInstance, context: AppContext): void {
  const db = context.pool;
  route(app, context, calls.flowCharge, ({ scope, body }) => listPostings(db, scope, body, SELECTIONS.moneyTopUps));
  route(app, context, calls.flowUse, ({ scope, body }) => listUsage(db, scope, body, SELECTIONS.moneyUse));
  route(app, context, calls.transCharge, ({ scope, body }) =>
    listPostings(db, scope, body, SELECTIONS.translationTopUps),
  );
  route(app, context, calls.transUse, ({ scope, body }) => listUsage(db, scope, body, SELECTIONS.translationUse));
  route(app, context, calls.pullUse, ({ scope, body }) => listUsage(db, scope, body, SELECTIONS.inviteUse));
  route(app, context, calls.chargeList, ({ scope, body }) => listPostings(db, scope, body, SELECTIONS.moneyAll));
  route(app, context, calls.addFlow, async ({ scope, body, audit }) => {
    const reply = await creditTenant(db, scope, 'money', body);
    audit(credited(body.tenantId, `${formatMicros(body.amount, 6)} USD`, reply));
    return reply;
  });
  route(app, context, calls.charge, async ({ scope, body, audit }) => {
    const reply = await creditTenant(db, scope, 'money', body);
    audit(credited(body.tenantId, `${formatMicros(body.amount, 6)} USD`, reply));
    return reply;
  });
  route(app, context, calls.addTrans, async ({ scope, body, audit }) => {
    const reply = await creditTenant(db, scope, 'translation', body);
    audit(credited(body.tenantId, `${body.amount} translation characters`, reply));
    return reply;
  });
  route(app, context, calls.addPull, async ({ scope, body, audit }) => {
    const reply = await creditTenant(db, scope, 'invites', body);
    audit(credited(body.tenantId, `${body.amount} group invites`, reply));
    return reply;
  });
  route(app, context, calls.usageSummary, ({ scope, body }) => usageSummary(db, scope, body));
  fileRoute(app, context, calls.ledgerDown, async ({ scope, body, language, audit }) => {
    audit(`${body.view} downloaded as ${body.format}`);
    return downloadLedger(db, scope, body, language);
  });
  route(app, context, calls.vipInfo, ({ scope, query }) => walletInfoOf(db, scope, query.tenantId));
  route(app, context, calls.vipSettings, async ({ scope, body, audit }) => {
    const info = await changeWalletSettings(db, scope, body);
    audit(
      `tenant ${info.tenant_id}: prepaid ${info.prepaid}, low balance ${formatMicros(info.low_balance_threshold, 2)}`,
    );
    return info;
  });
  route(app, context, calls.allPay, ({ scope, body }) => listPortPurchases(db, scope, body));
  route(app, context, calls.addPay, async ({ scope, body, audit }) => {
    const purchase = await addPortPurchase(db, scope, body);
    audit(`tenant ${purchase.tenant_id}: ${purchase.slots} ${purchase.kind} slots (${purchase.id})`);
    return purchase;
  });
  route(app, context, calls.delPay, async ({ scope, body, audit }) => {
    const purchase = await deletePortPurchase(db, scope, body);
    audit(`tenant ${purchase.tenant_id}: purchase ${purchase.id} refunded`);
    return purchase;
  });
  route(app, context, calls.priceList, () => selectPriceBook(db));
  route(app, context, calls.priceAdd, async ({ body, audit }) => {
    const rate = await addRate(db, body);
    audit(`${rate.market} ${rate.category} from ${rate.effective_from}: ${rate.unit_micros} µUSD`);
    return rate;
  });
  route(app, context, calls.priceMarket, async ({ body, audit }) => {
    const placement = await addMarket(db, body);
    audit(`${placement.country} in ${placement.market} from ${placement.effective_from}`);
    return placement;
  });
}
