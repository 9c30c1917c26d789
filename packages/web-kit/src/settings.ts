/** The kit's constants (specification sections 4 and 9), the same in every front end. */
export const kitSettings = {
  /** The access token is refreshed once it is this old (seconds). */
  tokenTime: 3000,
  tokenCheckIntervalMs: 10_000,
  defaultLanguage: 'zh',
} as const;

/** Codes whose failures the request wrapper rejects without a toast; the caller handles them. */
export const SILENT_ERROR_CODES: readonly number[] = [];
