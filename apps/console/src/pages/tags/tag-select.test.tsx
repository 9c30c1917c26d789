import type { Tag } from '@ws/contract';
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { settle, setUpTestRoot } from '../../test/test-root.js';
import { useRefreshTags } from './tag-queries.js';
import { TagSelect } from './tag-select.js';

const tag = (id: string, name: string, kind: Tag['kind'] = 'number'): Tag => ({
  id,
  kind,
  name,
  color: '#296EFF',
  remark: '',
  count: 0,
  created_at: '2025-01-01T00:00:00.000Z',
});

let served: Tag[] = [];
const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
  Response.json({ code: 0, message: 'ok', data: served }),
);
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

describe('TagSelect', () => {
  const screen = setUpTestRoot({ language: 'zh', fetch: fetchMock });
  const render = async (element: React.ReactElement) => {
    await screen.render(element);
    await settle(() => expect(fetchMock).toHaveBeenCalled());
  };

  it('loads the tags of its kind and shows the chosen ones by name', async () => {
    served = [tag('1', 'Zeta'), tag('2', 'Alpha')];
    await render(<Harness mode="multiple" />);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/tag/all');
    expect(JSON.parse(String(init.body))).toEqual({ kind: 'number' });
    await settle(() => expect(screen.host.textContent).toContain('Alpha'));
    expect(screen.host.textContent).not.toContain('Zeta');
    expect(screen.host.querySelector('[data-testid="tag-select-number"]')).not.toBeNull();
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
    await settle(() => expect(screen.host.textContent).toContain('Renamed'));
  });
});
