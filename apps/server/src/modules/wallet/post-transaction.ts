import type { Db } from '../../platform/db/pool.js';
import { AppError } from '../../platform/http/errors.js';
import {
  ensureTenantAccounts,
  insertPostings,
  type LedgerEntryInput,
  type LedgerKind,
  type LedgerUnit,
  type PostingRow,
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

function rowOf(tenantId: string, posting: Posting): PostingRow {
  const sum = posting.entries.reduce((total, entry) => total + entry.amount, 0n);
  if (sum !== 0n) throw new RangeError(`posting ${posting.idempotencyKey} does not balance`);
  return {
    tenantId,
    kind: posting.kind,
    idempotencyKey: posting.idempotencyKey,
    unit: posting.unit,
    entries: posting.entries.filter((entry) => entry.amount !== 0n),
    quantity: BigInt(posting.quantity ?? 0),
    category: posting.category ?? null,
    country: posting.country ?? null,
    numberId: posting.numberId ?? null,
    messageId: posting.messageId ?? null,
    memo: posting.memo ?? '',
    createdBy: posting.createdBy ?? null,
  };
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
  const rows: PostingRow[] = [];
  const positions: number[] = [];
  postings.forEach(({ tenantId, posting }, index) => {
    const key = `${tenantId}\u0000${posting.idempotencyKey}`;
    if (seen.has(key)) return;
    seen.add(key);
    rows.push(rowOf(tenantId, posting));
    positions.push(index);
  });
  const outcomes: PostingOutcome[] = postings.map(() => ({ transactionId: null }));
  if (rows.length === 0) return outcomes;
  await ensureTenantAccounts(db, [...new Set(rows.map((row) => row.tenantId))]);
  try {
    const posted = await insertPostings(db, rows);
    for (const [index, id] of posted) outcomes[positions[index] as number] = { transactionId: id };
  } catch (error) {
    if (isFloorViolation(error)) throw insufficientBalance();
    throw error;
  }
  return outcomes;
}

/** One posting of one tenant (see `postTransactions`). */
export async function postTransaction(db: Db, tenantId: string, posting: Posting): Promise<PostingOutcome> {
  const [outcome] = await postTransactions(db, [{ tenantId, posting }]);
  return outcome as PostingOutcome;
}
