import type { Material } from '@ws/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onePage, settle, setUpTestRoot, typeInto } from '../../test/test-root.js';
import MaterialsPage from './materials-page.js';

const TIME = '2026-11-26T06:00:00.000000Z';
const material = (fields: Partial<Material>): Material => ({
  id: '1',
  tp: 'text',
  title: 'hours',
  text: '',
  file: null,
  card: null,
  buttons: [],
  steps: [],
  tag: null,
  owner_user_id: '2',
  bindings: 0,
  created_at: TIME,
  updated_at: TIME,
  ...fields,
});
const MATERIALS: Record<string, Material[]> = {
  text: [material({ title: 'hours', text: 'We open at 9.', tag: { id: '8', name: 'Shop' } })],
  card: [
    material({
      id: '5',
      tp: 'card',
      title: 'Sales',
      card: { name: 'Ana', phones: ['+34600111222'], email: '', company: '', title: '', url: '' },
      bindings: 2,
    }),
  ],
  video: [
    material({
      id: '7',
      tp: 'video',
      title: 'Unboxing',
      file: {
        url: '/uploads/t1/202611/clip.mp4',
        name: 'unboxing.mp4',
        size: 4524,
        type: 'video/mp4',
        thumbnail_url: '/uploads/t1/202611/clip.thumb.jpg',
      },
    }),
    material({
      id: '8',
      tp: 'video',
      title: 'Unreadable',
      file: { url: '/uploads/t1/202611/bad.mp4', name: 'bad.mp4', size: 1500, type: 'video/mp4', thumbnail_url: null },
    }),
  ],
};

const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  const body = JSON.parse(String(init.body ?? '{}')) as Partial<Material>;
  const data =
    url === '/api/mater/list'
      ? onePage(MATERIALS[body.tp ?? ''] ?? [])
      : url === '/api/mater/taglist'
        ? [{ id: '8', name: 'Shop', count: 1, created_at: TIME }]
        : url === '/api/mater/bindlist'
          ? [{ id: '40', material_id: '5', kind: 'user', target_id: '31', target_name: 'lucia', created_at: TIME }]
          : url === '/api/mater/add'
            ? material({ ...body })
            : url === '/api/mater/delbind'
              ? { count: 1 }
              : [];
  return Response.json({ code: 0, message: 'ok', data });
});
const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path);
const bodyOf = (path: string, index = 0) => JSON.parse(String(callsTo(path)[index]?.[1].body));

async function openTab(label: string) {
  const tab = await vi.waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-tabs-tab')].find((e) => e.textContent === label);
    if (!found) throw new Error('no tab yet');
    return found;
  });
  await act(async () => tab.click());
}

describe('the material library screen', () => {
  const screen = setUpTestRoot({ language: 'en', fetch: fetchMock });

  it('lists quick replies with their tag, and adds one as a text material', async () => {
    await screen.render(<MaterialsPage />);
    await settle(() => expect(screen.host.textContent).toContain('/hours'));
    expect(screen.host.textContent).toContain('We open at 9.');
    expect(screen.host.textContent).toContain('Shop');
    expect(screen.host.querySelector('[data-testid=material-bindings]')?.textContent).toBe('All agents');
    await act(async () =>
      document.querySelector<HTMLElement>('[data-testid=material-tab-text] [data-testid=material-add]')?.click(),
    );
    await settle(() => expect(document.querySelector('[data-testid=material-form-title]')).not.toBeNull());
    await typeInto(document.querySelector('[data-testid=material-form-title]') as HTMLInputElement, 'ship');
    await typeInto(document.querySelector('[data-testid=material-form-text]') as HTMLTextAreaElement, 'We ship today.');
    await act(async () => document.querySelector<HTMLElement>('[data-testid=material-form-save]')?.click());
    await settle(() => expect(callsTo('/api/mater/add')).toHaveLength(1));
    expect(bodyOf('/api/mater/add')).toEqual({ tp: 'text', title: 'ship', text: 'We ship today.', tagId: null });
  }, 20_000);

  it("shows a contact card's content and bindings, and removes a binding", async () => {
    await screen.render(<MaterialsPage />);
    await openTab('Contact card');
    await settle(() => expect(screen.host.textContent).toContain('Ana · +34600111222'));
    const tab = document.querySelector('[data-testid=material-tab-card]');
    expect(tab?.querySelector('[data-testid=material-bindings]')?.textContent).toBe('Bound: 2');
    await act(async () => tab?.querySelector<HTMLElement>('[data-testid=material-bind]')?.click());
    await settle(() =>
      expect(document.querySelector('[data-testid=material-bindings-table]')?.textContent).toContain('lucia'),
    );
    expect(bodyOf('/api/mater/bindlist')).toEqual({ id: '5' });
    await act(async () => document.querySelector<HTMLElement>('[data-testid=material-unbind]')?.click());
    await settle(() => expect(callsTo('/api/mater/delbind')).toHaveLength(1));
    expect(bodyOf('/api/mater/delbind')).toEqual({ ids: ['40'] });
  }, 20_000);

  it("shows a video's poster in the list as an image's thumbnail, the file's name when it has none", async () => {
    await screen.render(<MaterialsPage />);
    await openTab('Video');
    await settle(() => expect(screen.host.textContent).toContain('Unboxing'));
    const tab = document.querySelector('[data-testid=material-tab-video]');
    const posters = [...(tab?.querySelectorAll<HTMLImageElement>('[data-testid=material-thumbnail] img') ?? [])];
    expect(posters.map((poster) => [poster.getAttribute('src'), poster.getAttribute('alt')])).toEqual([
      ['/uploads/t1/202611/clip.thumb.jpg', 'unboxing.mp4'],
    ]);
    expect(tab?.textContent).toContain('bad.mp4');
  }, 20_000);

  it('plays a video in the form, its poster shown until it starts', async () => {
    await screen.render(<MaterialsPage />);
    await openTab('Video');
    await settle(() => expect(screen.host.textContent).toContain('Unboxing'));
    await act(async () =>
      document.querySelector<HTMLElement>('[data-testid=material-tab-video] [data-testid=material-edit]')?.click(),
    );
    const player = await vi.waitFor(() => {
      const found = document.querySelector<HTMLVideoElement>(
        '[data-testid=material-file] [data-testid=material-video]',
      );
      if (!found) throw new Error('no player yet');
      return found;
    });
    expect(player.getAttribute('src')).toBe('/uploads/t1/202611/clip.mp4');
    expect(player.getAttribute('poster')).toBe('/uploads/t1/202611/clip.thumb.jpg');
  }, 20_000);
});
