import { useSyncExternalStore } from 'react';

/** Screen size level by body width (specification section 4): 3, 2, 1, 0 at 1200, 992, 768. */
export type ScreenLevel = 0 | 1 | 2 | 3;

export function screenLevelOf(width: number): ScreenLevel {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

/** Below level 2 (992 px) the side menu becomes a drawer. */
export const isDrawerLevel = (level: ScreenLevel) => level < 2;

const current = () => screenLevelOf(document.body.clientWidth || window.innerWidth);

function subscribe(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

export function useScreenLevel(): ScreenLevel {
  return useSyncExternalStore(subscribe, current);
}
