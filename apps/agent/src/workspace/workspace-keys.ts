import { useEffect, useRef } from 'react';

export type KeyAction = 'next' | 'previous' | 'search';

/** What a key press asks of the workspace: Alt+↓ / Alt+↑ the next or previous conversation, Ctrl+K (⌘K) the search. */
export function keyAction(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): KeyAction | null {
  if (event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
    if (event.key === 'ArrowDown') return 'next';
    if (event.key === 'ArrowUp') return 'previous';
  }
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return 'search';
  return null;
}

/** Runs the workspace's shortcuts anywhere on the page (typing in a field included), without the browser's own. */
export function useWorkspaceKeys(handle: (action: KeyAction) => void): void {
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = keyAction(event);
      if (!action) return;
      event.preventDefault();
      latest.current(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
