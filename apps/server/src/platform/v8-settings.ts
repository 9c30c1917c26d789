import v8 from 'node:v8';

/**
 * The V8 settings the server gives itself at start, before any request: both bound what a campaign
 * leaves in the server's RSS (decision 0035). A flag given on the command line wins over each.
 */
export function applyV8Settings(heapGrowingPercent: number): void {
  const given = (name: string) =>
    process.execArgv.some((arg) => arg.startsWith(`--${name}`) || arg.startsWith(`--no-${name}`));
  // The old generation grows by this much past what survived the last major collection, not by
  // up to 300 %: a campaign's short-lived work is collected sooner (decisions 0022, 0035). 0: V8's own.
  if (heapGrowingPercent > 0 && !given('heap-growing-percent')) {
    v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  }
  // WebAssembly stays on V8's baseline compiler. The only module the server runs is undici's HTTP
  // parser (llhttp), which V8 otherwise recompiles with TurboFan once it is hot: about 35 MiB of
  // compiler memory for a moment, of which malloc keeps some 12 MiB in the process for good. The
  // baseline code parses Meta's replies at the same CPU cost (measured, bench/README).
  if (!given('liftoff-only')) v8.setFlagsFromString('--liftoff-only');
}
