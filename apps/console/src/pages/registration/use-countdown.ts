import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until a moment, ticking every second: the resend countdown after a code request.
 * Counted from the clock, not from ticks, so a throttled background tab still ends on time.
 */
export function useCountdown(): { secondsLeft: number; start(seconds: number): void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [until, now]);
  const start = useCallback((seconds: number) => {
    const from = Date.now();
    setNow(from);
    setUntil(from + seconds * 1000);
  }, []);
  return { secondsLeft: Math.max(0, Math.ceil((until - now) / 1000)), start };
}
