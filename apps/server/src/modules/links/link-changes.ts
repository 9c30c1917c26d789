/**
 * In-process news of changed links: the redirect's cache of this process forgets them at once
 * (other api processes see a change when their cached state expires, decision 0019).
 */
type Listener = (slugs: readonly string[]) => void;
const listeners = new Set<Listener>();

export function onLinksChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceLinksChanged(slugs: readonly string[]): void {
  for (const listener of listeners) listener(slugs);
}
