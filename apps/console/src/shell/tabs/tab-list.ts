import { settings } from '../../settings/settings.js';

/** An open tab (CONSOLE-SHELL.md): `value` is the page's path; `label` the key of its menu name. */
export interface Tab {
  label: string;
  value: string;
  params: Record<string, string>;
  query: Record<string, string>;
  meta: { roles?: readonly string[] };
  /** The menu group the page belongs to, if any. */
  group?: string;
}

export const FIRST_TAB: Tab = {
  label: 'wslist',
  value: settings.firstPage,
  params: {},
  query: {},
  meta: {},
  group: 'accountmanage',
};

/** The first tab stays first and cannot be closed. */
export const isFirstTab = (tab: Pick<Tab, 'value'>) => tab.value === FIRST_TAB.value;

/** The list always starts with the first tab, whatever was stored. */
export function normalizeTabs(tabs: readonly Tab[]): Tab[] {
  const rest = tabs.filter((tab, index) => !isFirstTab(tab) && tabs.findIndex((t) => t.value === tab.value) === index);
  const first = tabs.find(isFirstTab) ?? FIRST_TAB;
  return [first, ...rest];
}

/** Opens a page: adds its tab at the end, or refreshes the query of the tab already open for it. */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const open = tabs.find((candidate) => candidate.value === tab.value);
  if (!open) return [...tabs, tab];
  const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);
  // Unchanged: the same list, so nothing re-renders.
  if (same(open.query, tab.query) && same(open.params, tab.params)) return tabs as Tab[];
  return tabs.map((candidate) => (candidate === open ? { ...open, query: tab.query, params: tab.params } : candidate));
}

export interface Closed {
  tabs: Tab[];
  /** Where to go when the active tab was closed: its left neighbour. */
  activate?: Tab;
}

/** Closes one tab, unless it is the first or the only one. */
export function closeTab(tabs: readonly Tab[], value: string, active: string): Closed {
  const index = tabs.findIndex((tab) => tab.value === value);
  if (index === -1 || tabs.length <= 1 || isFirstTab({ value })) return { tabs: [...tabs] };
  const next = tabs.filter((_, i) => i !== index);
  return value === active ? { tabs: next, activate: next[index - 1] ?? next[0] } : { tabs: next };
}

/** Keeps the first tab and the given one. */
export function closeOtherTabs(tabs: readonly Tab[], keep: string): Tab[] {
  return tabs.filter((tab) => isFirstTab(tab) || tab.value === keep);
}

/** Back to the first tab alone. */
export function closeAllTabs(tabs: readonly Tab[]): Tab[] {
  return [tabs.find(isFirstTab) ?? FIRST_TAB];
}

/** The address a tab opens: its path with its query. */
export function hrefOf(tab: Tab): string {
  const search = new URLSearchParams(tab.query).toString();
  return search ? `${tab.value}?${search}` : tab.value;
}
