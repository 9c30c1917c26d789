import type { ErrorKind } from '@ws/contract';
import { AppError } from '../../platform/http/errors.js';

/**
 * A failure of sign-in, registration or the captcha: besides `message` it carries
 * `error_description`, which the console's sign-in page shows.
 */
export function authError(kind: ErrorKind, zh: string, en: string, retryAfterSeconds?: number): AppError {
  return new AppError(
    kind,
    { zh, en },
    { errorDescription: true, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) },
  );
}
