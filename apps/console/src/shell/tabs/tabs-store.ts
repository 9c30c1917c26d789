import { createPersistedStore, useStore } from '@ws/web-kit/storage';
import { closeAllTabs, closeOtherTabs, closeTab, FIRST_TAB, normalizeTabs, openTab, type Tab } from './tab-list.js';

const isTabList = (value: unknown): value is Tab[] =>
  Array.isArray(value) && value.every((tab) => typeof tab?.value === 'string' && typeof tab?.label === 'string');

/** The open tabs, kept in storage so a reload finds them again. */
const store = createPersistedStore<Tab[]>('tabs', [FIRST_TAB], isTabList);
const normalized = normalizeTabs(store.get());
// Only a repaired list is written back: merely loading the console stores nothing.
if (JSON.stringify(normalized) !== JSON.stringify(store.get())) store.set(normalized);

export const tabsActions = {
  open: (tab: Tab) => store.set(openTab(store.get(), tab)),
  close(value: string, active: string): Tab | undefined {
    const { tabs, activate } = closeTab(store.get(), value, active);
    store.set(tabs);
    return activate;
  },
  closeOthers: (keep: string) => store.set(closeOtherTabs(store.get(), keep)),
  closeAll: () => store.set(closeAllTabs(store.get())),
  /** Sign-in and logout start over with the first tab alone. */
  reset: () => store.reset(),
};

export function useTabs(): Tab[] {
  return useStore(store);
}
