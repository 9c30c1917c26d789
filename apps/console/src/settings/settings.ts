/** The console's constants (specification sections 2, 4 and 9), in one place. */
export const settings = {
  title: 'WS Console',
  /** The first tab: always open, never closable. */
  firstPage: '/accountmanage/wslist',
  /** The access token is refreshed once it is this old (seconds). */
  tokenTime: 3000,
  tokenCheckIntervalMs: 10_000,
  sharedDataIntervalMs: 60_000,
  pingIntervalMs: 3_000,
  /** Round trips under these (ms) give four, three and two network bars; anything else one. */
  networkThresholdsMs: [100, 500, 1000] as const,
  defaultColor: '#296EFF',
  defaultLanguage: 'zh',
  /** How long a lazily loaded page chunk may take before the load counts as failed. */
  chunkLoadTimeoutMs: 120_000,
  agentClientPath: '/client/',
  /** The support line in the top bar: a WhatsApp click-to-chat link. */
  support: { label: '+1 555 010 0199', href: 'https://wa.me/15550100199' },
} as const;

/** Codes whose failures the request wrapper rejects without a toast; the caller handles them. */
export const SILENT_ERROR_CODES: readonly number[] = [];
