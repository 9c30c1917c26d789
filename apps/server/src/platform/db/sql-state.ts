import type { AppError } from '../http/errors.js';

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** Class 40: the transaction was rolled back whole and may simply be run again. */
export const SERIALIZATION_FAILURE = '40001';
export const DEADLOCK_DETECTED = '40P01';
/** What `create database` answers for a locale the server's operating system lacks. */
export const WRONG_OBJECT_TYPE = '42809';

/** Runs a write; the database refusing it with `sqlState` becomes `error()`, a 4xx the caller can act on. */
export async function refusedAs<T>(write: () => Promise<T>, sqlState: string, error: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (caught) {
    if ((caught as { code?: unknown }).code === sqlState) throw error();
    throw caught;
  }
}
