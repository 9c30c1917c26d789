import { describe, expect, it } from 'vitest';
import {
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  FIRST_TAB,
  hrefOf,
  normalizeTabs,
  openTab,
  type Tab,
} from './tab-list.js';

const tab = (value: string, query: Record<string, string> = {}): Tab => ({
  label: value.split('/').pop()!,
  value,
  params: {},
  query,
  meta: {},
});
const values = (tabs: Tab[]) => tabs.map((t) => t.value);

describe('tabs', () => {
  const a = tab('/passenger/list');
  const b = tab('/info/index');
  const c = tab('/help/index');
  const three = [FIRST_TAB, a, b, c];

  it('adds a tab once per path, refreshing its query', () => {
    let tabs = openTab([FIRST_TAB], a);
    tabs = openTab(tabs, tab('/passenger/list', { page: '2' }));
    expect(values(tabs)).toEqual([FIRST_TAB.value, a.value]);
    expect(tabs[1]!.query).toEqual({ page: '2' });
    expect(hrefOf(tabs[1]!)).toBe('/passenger/list?page=2');
  });

  it('never closes the first tab or the only tab', () => {
    expect(values(closeTab(three, FIRST_TAB.value, FIRST_TAB.value).tabs)).toEqual(values(three));
    expect(values(closeTab([FIRST_TAB], FIRST_TAB.value, FIRST_TAB.value).tabs)).toEqual([FIRST_TAB.value]);
  });

  it('activates the left neighbour when the active tab closes', () => {
    const closed = closeTab(three, b.value, b.value);
    expect(values(closed.tabs)).toEqual([FIRST_TAB.value, a.value, c.value]);
    expect(closed.activate?.value).toBe(a.value);
    expect(closeTab(three, a.value, a.value).activate?.value).toBe(FIRST_TAB.value);
  });

  it('stays put when another tab closes', () => {
    const closed = closeTab(three, c.value, a.value);
    expect(values(closed.tabs)).toEqual([FIRST_TAB.value, a.value, b.value]);
    expect(closed.activate).toBeUndefined();
  });

  it('closes the others, keeping the first and the current tab', () => {
    expect(values(closeOtherTabs(three, b.value))).toEqual([FIRST_TAB.value, b.value]);
  });

  it('closes all, back to the first tab', () => {
    expect(values(closeAllTabs(three))).toEqual([FIRST_TAB.value]);
  });

  it('repairs a stored list: first tab first, no duplicates', () => {
    expect(values(normalizeTabs([a, FIRST_TAB, a, b]))).toEqual([FIRST_TAB.value, a.value, b.value]);
    expect(values(normalizeTabs([]))).toEqual([FIRST_TAB.value]);
  });
});
