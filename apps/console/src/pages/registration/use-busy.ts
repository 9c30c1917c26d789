import { useCallback, useState } from 'react';

/**
 * A step's call in flight: `busy` while it runs (the button's spinner). A failure has been shown
 * by the request wrapper (Meta's or the server's reason), so it only ends the wait here.
 */
export function useBusy(): { busy: boolean; run(work: () => Promise<void>): Promise<void> } {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // Shown already; the user corrects the input and tries again.
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
