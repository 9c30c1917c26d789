import { z } from 'zod';

/** Every reply is `{code, message, data}`; code 0 is success, otherwise it repeats the HTTP status. */
export const SUCCESS_CODE = 0;

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(SUCCESS_CODE), message: z.string(), data });
}

/**
 * What every batch call answers: how many of the rows it names it acted on. Named rows that are
 * not the caller's, unknown, or not in a state the action applies to are skipped; when none is
 * left the call is a 404 naming the field, exactly like one unknown id. A batch may add what else
 * it changed (`BatchReply.extend`).
 */
export const BatchReply = z.object({ count: z.number().int() });
export type BatchReply = z.infer<typeof BatchReply>;

export const ErrorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().nullable(),
  /** Present on sign-in failures, as the console's login handler reads it. */
  error_description: z.string().optional(),
  /** Present on 500 replies so a user can quote it to support. */
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** The error catalogue: every failure the API answers, with its HTTP status. */
export const ERROR_STATUS = {
  invalidInput: 400,
  notSignedIn: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMedia: 415,
  throttled: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorKind = keyof typeof ERROR_STATUS;
