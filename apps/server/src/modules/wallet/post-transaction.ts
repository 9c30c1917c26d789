import type { Db } from '../../platform/db/pool.js';
import { AppError } from '../../platform/http/errors.js';
import {
  ensureTenantAccounts,
  insertPostings,
  type LedgerEntryInput,
  type LedgerKind,
  type LedgerUnit,
  PostingColumns,
} from './ledger-repository.js';

export type { LedgerEntryInput, LedgerKind, LedgerUnit };

/** One balance change of a tenant: entries that sum to zero, once per idempotency key. */
export interface Posting {
  kind: LedgerKind;
  /** Unique per tenant: a posting whose key was posted before changes nothing. */
  idempotencyKey: string;
  unit: LedgerUnit;
  entries: readonly LedgerEntryInput[];
  quantity?: number;
  category?: string | null;
  country?: string | null;
  numberId?: string | null;
  messageId?: string | null;
  memo?: string;
  createdBy?: string | null;
}

export interface PostingOutcome {
  /** The transaction's id; null when its key had been posted before (nothing changed). */
  transactionId: string | null;
}

/** A prepaid wallet that a posting would take below zero. */
export const insufficientBalance = () =>
  new AppError('conflict', {
    zh: 'amount: 钱包可用余额不足',
    en: 'amount: the wallet’s available balance is too low',
  });

const isFloorViolation = (error: unknown) =>
  error instanceof Error && (error as { constraint?: string }).constraint === 'ledger_account_floor';

/** Adds a posting to a batch's columns; throws when its entries do not balance. */
export function addPosting(columns: PostingColumns, tenantId: string, posting: Posting): void {
  let sum = 0n;
  let tenantAmount = 0n;
  for (const entry of posting.entries) {
    sum += entry.amount;
    if ('tenant' in entry) tenantAmount += entry.amount;
  }
  if (sum !== 0n) throw new RangeError(`posting ${posting.idempotencyKey} does not balance`);
  columns.add(
    {
      tenantId,
      kind: posting.kind,
      idempotencyKey: posting.idempotencyKey,
      unit: posting.unit,
      quantity: posting.quantity ?? 0,
      category: posting.category ?? null,
      country: posting.country ?? null,
      numberId: posting.numberId ?? null,
      messageId: posting.messageId ?? null,
      memo: posting.memo ?? '',
      createdBy: posting.createdBy ?? null,
    },
    tenantAmount,
  );
  for (const entry of posting.entries) {
    if ('tenant' in entry) columns.entry(entry.tenant, false, entry.amount);
    else columns.entry(entry.platform, true, entry.amount);
  }
}

/**
 * Posts balance changes set-based, one statement for the batch (decision 0026): each posting's
 * entries must sum to zero; a key posted before is skipped, so a retried request or a redelivered
 * webhook never charges twice. A prepaid wallet taken below zero by a posting the tenant chose
 * refuses the whole batch (`insufficientBalance`). Run it inside the caller's transaction when the
 * posting goes with other work. Answers, by position, the transaction posted (null: already was).
 */
export async function postTransactions(
  db: Db,
  postings: readonly { tenantId: string; posting: Posting }[],
): Promise<PostingOutcome[]> {
  const seen = new Set<string>();
  const columns = new PostingColumns();
  const positions: number[] = [];
  postings.forEach(({ tenantId, posting }, index) => {
    const key = `${tenantId}\u0000${posting.idempotencyKey}`;
    if (seen.has(key)) return;
    seen.add(key);
    addPosting(columns, tenantId, posting);
    positions.push(index);
  });
  const outcomes: PostingOutcome[] = postings.map(() => ({ transactionId: null }));
  if (columns.size === 0) return outcomes;
  const posted = await postColumns(db, columns);
  for (const [index, id] of posted) outcomes[positions[index] as number] = { transactionId: id };
  return outcomes;
}

/**
 * Posts a batch already in columns (see `postTransactions`; its keys unique per tenant, its entries
 * balanced: the caller's to ensure). Answers the transaction id of each posted, by position.
 */
export async function postColumns(db: Db, columns: PostingColumns): Promise<Map<number, string>> {
  await ensureTenantAccounts(db, [...new Set(columns.tenantIds)]);
  try {
    return await insertPostings(db, columns);
  } catch (error) {
    if (isFloorViolation(error)) throw insufficientBalance();
    throw error;
  }
}

/** One posting of one tenant (see `postTransactions`). */
export async function postTransaction(db: Db, tenantId: string, posting: Posting): Promise<PostingOutcome> {
  const [outcome] = await postTransactions(db, [{ tenantId, posting }]);
  return outcome as PostingOutcome;
}
