import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useCallback, useRef } from 'react';

/**
 * Meta shows the typing indicator for up to 25 seconds or until the reply (`inbox/typing`), so
 * while the agent keeps typing it is said again a little before it lapses, never more often.
 */
export const TYPING_REPEAT_MS = 20_000;

/**
 * Tells the customer the agent is typing: at the first keystroke, then at most once per
 * TYPING_REPEAT_MS, and only while free-form replies are allowed (the call refuses otherwise).
 * Silent: a lost typing indicator is nothing to tell the agent about.
 */
export function useTyping(conversationId: string, allowed: boolean, now: () => number = Date.now) {
  const last = useRef(Number.NEGATIVE_INFINITY);
  const typed = useCallback(() => {
    if (!allowed || now() - last.current < TYPING_REPEAT_MS) return;
    last.current = now();
    void callApi(calls.inboxTyping, { body: { conversationId }, silent: true }).catch(() => undefined);
  }, [conversationId, allowed, now]);
  /** A reply went: the indicator ends with it, so the next keystroke says it again. */
  const replied = useCallback(() => {
    last.current = Number.NEGATIVE_INFINITY;
  }, []);
  return { typed, replied };
}
