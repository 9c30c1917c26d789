import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Tag } from '@ws/contract';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n.js';
import { setLanguage } from '../../i18n/language.js';
import { saveTokens } from '../../session/session-store.js';
import { useRefreshTags } from './tag-queries.js';
import { TagSelect } from './tag-select.js';

// React's act() warnings are for test environments that declare it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const tag = (id: string, name: string, kind: Tag['kind'] = 'number'): Tag => ({
  id,
  kind,
  name,
  color: '#296EFF',
  remark: '',
  count: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
});

let served: Tag[] = [];
const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
  Response.json({ code: 0, message: 'ok', data: served }),
);
let root: Root;
let host: HTMLElement;
let refresh: () => Promise<void> = async () => undefined;

function Harness({ mode }: { mode?: 'multiple' }) {
  const [value, setValue] = useState<string[]>(['2']);
  refresh = useRefreshTags();
  return mode ? (
    <TagSelect kind="number" mode="multiple" value={value} onChange={setValue} maxTagCount={5} />
  ) : (
    <TagSelect kind="contact" value="5" />
  );
}

async function render(element: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
  });
  await settle(() => expect(fetchMock).toHaveBeenCalled());
}

/** Waits for an assertion to hold, with React's updates applied on the way. */
const settle = (assertion: () => void) => act(() => vi.waitFor(assertion));

describe('TagSelect', () => {
  beforeEach(() => {
    setLanguage('zh');
    saveTokens({
      access_token: 'tok',
      refresh_token: 'ref',
      token_type: 'bearer',
      expires_in: 7200,
      user_info: {
        username: 'op',
        user_id: '2',
        dept_id: '1',
        role_id: '2',
        role: 'operator',
        nickname: 'op',
        mass: 0,
        tenant_id: '100001',
      },
    });
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    vi.unstubAllGlobals();
  });

  it('loads the tags of its kind and shows the chosen ones by name', async () => {
    served = [tag('1', 'Zeta'), tag('2', 'Alpha')];
    await render(<Harness mode="multiple" />);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/tag/all');
    expect(JSON.parse(String(init.body))).toEqual({ kind: 'number' });
    await settle(() => expect(host.textContent).toContain('Alpha'));
    expect(host.textContent).not.toContain('Zeta');
    expect(host.querySelector('[data-testid="tag-select-number"]')).not.toBeNull();
  });

  it('reloads when the tag lists are refreshed (after TagTable changes them)', async () => {
    served = [];
    await render(<Harness />);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({ kind: 'contact' });
    served = [tag('5', 'Renamed', 'contact')];
    await act(async () => {
      await refresh();
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await settle(() => expect(host.textContent).toContain('Renamed'));
  });
});
