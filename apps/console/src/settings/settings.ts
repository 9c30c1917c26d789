/**
 * `VITE_SUPPORT_WHATSAPP` (digits with country code) names the support number when the console is
 * built; without it the line shows a number from the range reserved for fiction (+1 555 01xx).
 */
function supportLine(configured: string | undefined) {
  const digits = (configured ?? '').replace(/\D/g, '') || '15550100199';
  return { label: `+${digits}`, href: `https://wa.me/${digits}` };
}

/** The console's constants (specification sections 2 and 9); the session's and language's are the web kit's. */
export const settings = {
  title: 'WS Console',
  /** The first tab: always open, never closable. */
  firstPage: '/accountmanage/wslist',
  sharedDataIntervalMs: 60_000,
  pingIntervalMs: 3_000,
  /** Round trips under these (ms) give four, three and two network bars; anything else one. */
  networkThresholdsMs: [100, 500, 1000] as const,
  defaultColor: '#296EFF',
  /** How long a lazily loaded page chunk may take before the load counts as failed. */
  chunkLoadTimeoutMs: 120_000,
  agentClientPath: '/client/',
  /** The support line in the top bar: a WhatsApp click-to-chat link to the number given at build time. */
  support: supportLine(import.meta.env.VITE_SUPPORT_WHATSAPP),
} as const;
