import type { Pool } from '@ws/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { settle, setUpTestRoot, until } from '../../test/test-root.js';
import { SharesEditor } from './shares-editor.js';

const pool: Pool = {
  id: '9',
  name: 'Spring fair',
  source: { kind: 'list', id: '42', name: 'Spring fair list' },
  status: 'idle',
  error: null,
  total: 1000,
  with_number: 300,
  with_agent: 50,
  shares: [
    {
      target: 'number',
      target_id: '7',
      label: '+8613800000001',
      mode: 'count',
      amount: 200,
      allocated: 300,
      daily_capacity: 250,
      capacity_shared_by: 1,
      days_to_reach: 2,
      over_capacity: true,
    },
    {
      target: 'agent',
      target_id: '3',
      label: 'alice',
      mode: 'count',
      amount: 50,
      allocated: 50,
      daily_capacity: null,
      capacity_shared_by: 0,
      days_to_reach: null,
      over_capacity: false,
    },
  ],
  counted_at: null,
  created_at: '2026-01-01T00:00:00.000000Z',
};

const fetchMock = vi.fn(async (url: string, _init: RequestInit) =>
  Response.json({
    code: 0,
    message: 'ok',
    data:
      url === '/api/fansdata/setrange'
        ? pool
        : url === '/api/friend/agents'
          ? []
          : { total: 0, size: 30, current: 1, pages: 0, records: [] },
  }),
);
const sent = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/fansdata/setrange')
    .map(([, init]) => JSON.parse(String(init.body)));

/** The dialog renders in a portal, outside the test's host. */
const find = (selector: string) => document.body.querySelector(selector) as HTMLElement;
const findAll = (selector: string) => [...document.body.querySelectorAll<HTMLElement>(selector)];
const click = (element: HTMLElement) => act(async () => element.click());

/** Types into an input the way React notices (its value setter, then an input event). */
async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const amountInputs = () =>
  findAll('[data-testid=shares-editor] input').filter((input) =>
    input.closest('.ant-input-number'),
  ) as HTMLInputElement[];

describe('the shares editor', () => {
  const screen = setUpTestRoot({ language: 'zh', fetch: fetchMock });

  it('shows the present shares and saves them as they are', async () => {
    const saved = vi.fn();
    await screen.render(<SharesEditor pool={pool} onClose={vi.fn()} onSaved={saved} />);
    await settle(() =>
      expect(findAll('[data-testid=share-label]').map((label) => label.textContent)).toEqual([
        '+8613800000001',
        'alice',
      ]),
    );
    expect(amountInputs().map((input) => input.value)).toEqual(['200', '50']);

    await click(find('[data-testid=shares-editor-ok]'));
    await settle(() => expect(saved).toHaveBeenCalledOnce());
    expect(sent()).toEqual([
      {
        id: '9',
        mode: 'count',
        shares: [
          { target: 'number', targetId: '7', amount: 200 },
          { target: 'agent', targetId: '3', amount: 50 },
        ],
      },
    ]);
  });

  it('warns when a count passes the number’s daily capacity, and saves weights without the removed agent', async () => {
    const saved = vi.fn();
    await screen.render(<SharesEditor pool={pool} onClose={vi.fn()} onSaved={saved} />);
    await settle(() => expect(amountInputs()).toHaveLength(2));
    await type(amountInputs()[0] as HTMLInputElement, '300');
    await settle(() => expect(find('[data-testid=shares-editor]').textContent).toContain('超过此号码每日上限 250'));
    expect(findAll('[data-testid=shares-editor] .ant-form-item-has-warning')).toHaveLength(1);

    // Weights share out what is left: no daily cap to pass.
    await click(find('[data-testid=shares-mode] input[value=weight]'));
    // (The hint's text leaves with an animation, which never ends here: the item's state says it.)
    await settle(() => expect(findAll('[data-testid=shares-editor] .ant-form-item-has-warning')).toHaveLength(0));
    await click(findAll('[data-testid=share-remove]')[1] as HTMLElement);
    await settle(() => expect(findAll('[data-testid=share-label]')).toHaveLength(1));

    await click(find('[data-testid=shares-editor-ok]'));
    await settle(() => expect(saved).toHaveBeenCalledOnce());
    expect(sent()).toEqual([{ id: '9', mode: 'weight', shares: [{ target: 'number', targetId: '7', amount: 300 }] }]);
  });

  it('requires a number for an added row and sends nothing without it', async () => {
    await screen.render(<SharesEditor pool={pool} onClose={vi.fn()} onSaved={vi.fn()} />);
    await settle(() => expect(find('[data-testid=share-add-numbers]')).not.toBeNull());
    await click(find('[data-testid=share-add-numbers]'));
    await settle(() => expect(findAll('[data-testid=share-number]')).toHaveLength(1));
    await type(amountInputs()[1] as HTMLInputElement, '10');
    await click(find('[data-testid=shares-editor-ok]'));
    await until(() => expect(find('[data-testid=shares-editor]').textContent).toContain('请选择号码'));
    expect(sent()).toEqual([]);
  });
});
