import type { AppError } from '../../platform/http/errors.js';

/** A timestamptz column as `YYYY-MM-DDTHH:MM:SSZ` (UTC), the form every reply uses. */
export const isoTime = (column: string): string =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** Runs a write; the database refusing it with `sqlState` becomes `error()`, a 4xx the caller can act on. */
export async function refusedAs<T>(write: () => Promise<T>, sqlState: string, error: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (caught) {
    if ((caught as { code?: unknown }).code === sqlState) throw error();
    throw caught;
  }
}
