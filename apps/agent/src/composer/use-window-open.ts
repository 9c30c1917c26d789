import { useEffect, useState } from 'react';

/**
 * Whether free-form replies may go: the conversation's window as last read, closing by itself
 * when its remaining seconds run out (a customer's new message reopens it through a new read).
 */
export function useWindowOpen(open: boolean, remainingSeconds: number): boolean {
  const [lapsed, setLapsed] = useState(false);
  useEffect(() => {
    setLapsed(false);
    if (!open) return;
    const timer = setTimeout(() => setLapsed(true), remainingSeconds * 1000);
    return () => clearTimeout(timer);
  }, [open, remainingSeconds]);
  return open && !lapsed;
}
