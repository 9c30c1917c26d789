import { calls } from '@ws/contract';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '../api/client.js';

export interface Captcha {
  capId: string;
  /** A data:image/png URL. */
  image: string;
}

/** A maths captcha: fetched on mount and again on refresh(), since each one answers only once. */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);

  const refresh = useCallback(async (signal?: AbortSignal) => {
    try {
      setCaptcha(await callApi(calls.getCaptcha, { body: { capType: 'math' }, signal }));
    } catch {
      // Already shown by the API client; the empty picture frame stays clickable to try again.
    }
  }, []);

  useEffect(() => {
    // Aborting on unmount keeps StrictMode's double mount from fetching two captchas for nothing.
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  return { captcha, refresh };
}
