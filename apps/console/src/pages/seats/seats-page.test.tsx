import type { AgentSettings, Material } from '@ws/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onePage, settle, setUpTestRoot, typeInto } from '../../test/test-root.js';
import SeatsPage from './seats-page.js';

const agent: AgentSettings = {
  user: { id: '31', username: 'lucia', nickname: 'Lucía' },
  role: 'seat',
  numbers: [{ id: '7', phone: '15550101001', verified_name: 'Sales' }],
  max_open: 5,
  open_count: 2,
  presence: { state: 'online', online: true, last_seen_at: '2026-11-26T06:00:00.000000Z' },
};

const quickReply: Material = {
  id: '3',
  tp: 'text',
  title: 'hours',
  text: 'We open at 9.',
  file: null,
  card: null,
  buttons: [],
  steps: [],
  tag: null,
  owner_user_id: '2',
  bindings: 0,
  created_at: '2026-11-26T06:00:00.000000Z',
  updated_at: '2026-11-26T06:00:00.000000Z',
};

const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  const body = JSON.parse(String(init.body ?? '{}')) as { maxOpen?: number; title?: string; text?: string };
  const data =
    url === '/api/inbox/agents'
      ? onePage([agent])
      : url === '/api/inbox/agent/set'
        ? { ...agent, max_open: body.maxOpen }
        : url === '/api/mater/list'
          ? onePage([quickReply])
          : url === '/api/mater/add'
            ? { ...quickReply, id: '4', ...body }
            : url === '/api/mater/taglist'
              ? []
              : onePage([]);
  return Response.json({ code: 0, message: 'ok', data });
});
const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path);

describe('the service agents screen', () => {
  const screen = setUpTestRoot({ language: 'en', fetch: fetchMock });

  it("shows each agent's numbers, load against its cap and presence, and saves its settings", async () => {
    await screen.render(<SeatsPage />);
    await settle(() => expect(screen.host.textContent).toContain('Lucía (lucia)'));
    expect(screen.host.querySelector('[data-testid=seat-numbers]')?.textContent).toBe('15550101001');
    expect(screen.host.querySelector('[data-testid=seat-load]')?.textContent).toBe('2 / 5');
    expect(screen.host.textContent).toContain('Online');
    expect(screen.host.textContent).toContain('Agent seat');

    const edit = screen.host.querySelector<HTMLElement>('[data-testid=seat-edit]');
    await act(async () => edit?.click());
    await settle(() => expect(document.querySelector('[data-testid=seat-form-save]')).not.toBeNull());
    // The agent's number is shown by its phone and name, not its id.
    await settle(() =>
      expect(document.querySelector('[data-testid=seat-form]')?.textContent).toContain('15550101001 (Sales)'),
    );
    const save = document.querySelector<HTMLButtonElement>('[data-testid=seat-form-save]');
    await act(async () => save?.click());
    await settle(() => expect(callsTo('/api/inbox/agent/set')).toHaveLength(1));
    expect(JSON.parse(String(callsTo('/api/inbox/agent/set')[0]?.[1].body))).toEqual({
      userId: '31',
      numberIds: ['7'],
      maxOpen: 5,
    });
  }, 20_000);

  it("lists the quick replies (the library's text materials) and adds one", async () => {
    await screen.render(<SeatsPage />);
    const tab = await vi.waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-tabs-tab')].find(
        (element) => element.textContent === 'Quick replies',
      );
      if (!found) throw new Error('no tab yet');
      return found;
    });
    await act(async () => tab.click());
    await settle(() => expect(screen.host.textContent).toContain('/hours'));
    await act(async () => document.querySelector<HTMLElement>('[data-testid=material-add]')?.click());
    await settle(() => expect(document.querySelector('[data-testid=material-form-title]')).not.toBeNull());
    await typeInto(document.querySelector('[data-testid=material-form-title]') as HTMLInputElement, 'ship');
    await typeInto(document.querySelector('[data-testid=material-form-text]') as HTMLTextAreaElement, 'We ship today.');
    await act(async () => document.querySelector<HTMLElement>('[data-testid=material-form-save]')?.click());
    await settle(() => expect(callsTo('/api/mater/add')).toHaveLength(1));
    expect(JSON.parse(String(callsTo('/api/mater/add')[0]?.[1].body))).toEqual({
      tp: 'text',
      title: 'ship',
      text: 'We ship today.',
      tagId: null,
    });
  }, 20_000);
});
