import type { CreditReply, LedgerListRequest, WalletInfo } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { cappedPage } from '../../platform/http/capped-page.js';
import { errors } from '../../platform/http/errors.js';
import { rearmLowBalanceNotice } from './balance-notice-repository.js';
import type { LedgerEntryInput, PlatformPurpose, TenantPurpose } from './ledger-repository.js';
import { type LedgerKind, type LedgerUnit, postTransaction } from './post-transaction.js';
import {
  countPostings,
  countUsage,
  type LedgerSelection,
  selectPostings,
  selectUsage,
  selectWallet,
  tenantExists,
  transactionIdOf,
  upsertWalletSettings,
} from './wallet-repository.js';

/** What each credit call moves: from a platform funding account to a tenant account. */
export const CREDITS = {
  money: { kind: 'top_up', unit: 'usd_micros', tenant: 'wallet', platform: 'funding' },
  translation: { kind: 'top_up', unit: 'chars', tenant: 'translation', platform: 'translation_funding' },
  invites: { kind: 'invite_credit', unit: 'invites', tenant: 'invites', platform: 'invite_funding' },
} as const satisfies Record<
  string,
  { kind: LedgerKind; unit: LedgerUnit; tenant: TenantPurpose; platform: PlatformPurpose }
>;

/** The tenant a call acts on: the one named (the platform admin), or the caller's own. */
export async function tenantOf(db: Db, scope: Scope, named: string | undefined): Promise<string> {
  if (!named || !scope.acrossTenants) return scope.tenantId;
  if (!(await tenantExists(db, named))) throw errors.notFound({ zh: 'tenantId: 客户', en: 'tenantId: Customer' });
  return named;
}

/**
 * A tenant a read names: the platform admin's must be a customer that exists; anyone else may name
 * only its own tenant (another is a 404 naming `field`, as any id of another tenant is).
 */
async function requireReadableTenant(db: Db, scope: Scope, named: string, field: string): Promise<void> {
  if (scope.acrossTenants ? await tenantExists(db, named) : named === scope.tenantId) return;
  throw errors.notFound({ zh: `${field}: 客户`, en: `${field}: Customer` });
}

/**
 * The tenant filter of a wallet list, summary or export (see `requireReadableTenant`). Without it,
 * the platform admin reads every tenant's and anyone else its own.
 */
export async function checkTenantFilter(db: Db, scope: Scope, filters: { tenantId?: string | undefined }) {
  if (filters.tenantId) await requireReadableTenant(db, scope, filters.tenantId, 'filters.tenantId');
}

/** `vip/info`: the caller's wallet, or the customer's the platform admin names (decision 0032). */
export async function walletInfoOf(db: Db, scope: Scope, named: string | undefined): Promise<WalletInfo> {
  if (named) await requireReadableTenant(db, scope, named, 'tenantId');
  return walletInfo(db, named ?? scope.tenantId);
}

/**
 * The platform admin credits a tenant: once per request id (a retried request answers the same
 * transaction with `posted: false`).
 */
export async function creditTenant(
  db: Db,
  scope: Scope,
  what: keyof typeof CREDITS,
  body: { tenantId: string; amount: number; requestId: string; remark: string },
): Promise<CreditReply> {
  const tenantId = await tenantOf(db, scope, body.tenantId);
  const credit = CREDITS[what];
  const amount = BigInt(body.amount);
  const entries: LedgerEntryInput[] = [
    { tenant: credit.tenant, amount },
    { platform: credit.platform, amount: -amount },
  ];
  const idempotencyKey = `credit:${body.requestId}`;
  const outcome = await postTransaction(db, tenantId, {
    kind: credit.kind,
    idempotencyKey,
    unit: credit.unit,
    entries,
    memo: body.remark,
    createdBy: scope.userId,
  });
  if (what === 'money' && outcome.transactionId) await rearmLowBalanceNotice(db, tenantId);
  const info = await selectWallet(db, tenantId);
  const balance = { money: info.wallet + info.held, translation: info.translation, invites: info.invites }[what];
  const transactionId = outcome.transactionId ?? ((await transactionIdOf(db, tenantId, idempotencyKey)) as string);
  return { transaction_id: transactionId, posted: outcome.transactionId !== null, balance };
}

/** The wallet as the billing screens show it. */
export async function walletInfo(db: Db, tenantId: string): Promise<WalletInfo> {
  const row = await selectWallet(db, tenantId);
  const available = row.wallet;
  return {
    tenant_id: row.tenant_id,
    plan: row.plan,
    expires_at: row.expires_at,
    contact_limit: row.contact_limit,
    mass_allowed: row.mass_allowed,
    prepaid: row.prepaid,
    balance: row.wallet + row.held,
    held: row.held,
    available,
    low_balance_threshold: row.low_balance_micros,
    low_balance: row.low_balance_micros > 0 && available < row.low_balance_micros,
    translation_chars: row.translation,
    invites: row.invites,
    number_slots: row.number_slots,
    seat_slots: row.seat_slots,
  };
}

/** The tenant sets its low-balance threshold; only the platform admin sets prepaid (of any tenant). */
export async function changeWalletSettings(
  db: Db,
  scope: Scope,
  body: { tenantId?: string | undefined; prepaid?: boolean | undefined; lowBalance?: number | undefined },
): Promise<WalletInfo> {
  if (body.prepaid !== undefined && scope.role !== 'admin') throw errors.forbidden();
  const tenantId = await tenantOf(db, scope, body.tenantId);
  await upsertWalletSettings(db, tenantId, { prepaid: body.prepaid, lowBalanceMicros: body.lowBalance });
  return walletInfo(db, tenantId);
}

export const SELECTIONS = {
  moneyTopUps: { kinds: ['top_up', 'refund', 'adjustment'], unit: 'usd_micros' },
  moneyUse: { kinds: ['message_cost', 'capture', 'port_purchase'], unit: 'usd_micros' },
  moneyAll: {
    kinds: ['top_up', 'refund', 'adjustment', 'message_cost', 'capture', 'port_purchase'],
    unit: 'usd_micros',
  },
  translationTopUps: { kinds: ['top_up', 'adjustment'], unit: 'chars' },
  translationUse: { kinds: ['translation_usage'], unit: 'chars' },
  inviteUse: { kinds: ['invite_usage'], unit: 'invites' },
} as const satisfies Record<string, LedgerSelection>;

export async function listPostings(db: Db, scope: Scope, request: LedgerListRequest, selection: LedgerSelection) {
  await checkTenantFilter(db, scope, request.filters);
  return cappedPage(
    request,
    (cap) => countPostings(db, scope, request, selection, cap),
    (limit, offset) => selectPostings(db, scope, request, selection, limit, offset),
  );
}

export async function listUsage(db: Db, scope: Scope, request: LedgerListRequest, selection: LedgerSelection) {
  await checkTenantFilter(db, scope, request.filters);
  return cappedPage(
    request,
    (cap) => countUsage(db, scope, request, selection, cap),
    (limit, offset) => selectUsage(db, scope, request, selection, limit, offset),
  );
}
