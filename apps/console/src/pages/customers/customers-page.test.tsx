import type { CustomerDetails, CustomerRow } from '@ws/contract';
import { App } from 'antd';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onePage, settle, setUpTestRoot, typeInto } from '../../test/test-root.js';
import CustomersPage from './customers-page.js';

const row: CustomerRow = {
  tenant_id: '100001',
  tenant_name: 'acme',
  user_id: '5',
  username: 'acme',
  nickname: 'Acme',
  seat_count: 2,
  created_at: '2026-11-26T06:00:00.000000Z',
  plan: 'professional',
  expires_at: '2026-11-01T00:00:00.000000Z',
  expired: true,
  state: 'active',
};
const details: CustomerDetails = {
  ...row,
  contact_limit: 500,
  mass: true,
  force_translate: false,
  read_receipts: true,
  delete_after: null,
  export_path: null,
  usage: { numbers: 3, contacts: 120, seats: 2, messages: 900, messages_30d: 40 },
  wallet: {
    tenant_id: '100001',
    plan: 'professional',
    expires_at: '2026-11-01T00:00:00.000000Z',
    contact_limit: 500,
    mass_allowed: true,
    prepaid: true,
    balance: 12_500_000,
    held: 0,
    available: 12_500_000,
    low_balance_threshold: 0,
    low_balance: false,
    translation_chars: 0,
    invites: 0,
    number_slots: 0,
    seat_slots: 0,
  },
};

const FOLDER = '100001-20261126-183605';
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  const path = url.split('?')[0];
  if (path === '/api/auth/exportfile') {
    return new Response('\uFEFFphone\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
  }
  const data =
    path === '/api/auth/exports'
      ? [
          {
            folder: FOLDER,
            created_at: '2026-11-26T18:36:05.000000Z',
            files: [
              { name: 'contacts.csv', bytes: 2048 },
              { name: 'ledger.csv', bytes: 120 },
            ],
          },
        ]
      : path === '/api/auth/list'
        ? onePage([row])
        : path === '/api/auth/getcustomer'
          ? details
          : path === '/api/auth/data'
            ? {
                customers: 1,
                active_customers: 0,
                expired_customers: 1,
                numbers: 3,
                contacts: 120,
                seats: 2,
                messages: 900,
                messages_today: 4,
                wallet_balance: 0,
                wallet_held: 0,
                low_balance_customers: 0,
              }
            : path === '/api/auth/addcustomer'
              ? details
              : path === '/api/auth/getforce'
                ? { tenant_id: '100001', force: false }
                : path === '/api/auth/getreadgm'
                  ? { tenant_id: '100001', read_receipts: true }
                  : details;
  return Response.json({ code: 0, message: 'ok', data });
});
const bodiesTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => url.split('?')[0] === path)
    .map(([, init]) => JSON.parse(String(init?.body ?? '{}')));
const click = (testId: string) =>
  act(async () => document.querySelector<HTMLElement>(`[data-testid=${testId}]`)?.click());

describe('the customers screen', () => {
  const screen = setUpTestRoot({ language: 'en', fetch: fetchMock });

  it('lists customers with plan, expiry and state, and shows one with its usage', async () => {
    await screen.render(<CustomersPage />);
    await settle(() => expect(screen.host.textContent).toContain('Professional'));
    expect(screen.host.textContent).toContain('Expired');
    expect(screen.host.querySelector('[data-testid=platform-totals]')?.textContent).toContain('900');
    await click('customer-details-open');
    await settle(() => expect(document.querySelector('[data-testid=customer-details]')?.textContent).toContain('120'));
    expect(document.querySelector('[data-testid=customer-details]')?.textContent).toContain('500');
    expect(document.querySelector('[data-testid=customer-details-balance]')?.textContent).toBe('12.50');
  }, 20_000);

  it('adds a customer and sets its forced translation', async () => {
    await screen.render(<CustomersPage />);
    await settle(() => expect(screen.host.textContent).toContain('acme'));
    await click('customer-add');
    await settle(() => expect(document.querySelector('[data-testid=customer-add-username]')).not.toBeNull());
    await typeInto(document.querySelector('[data-testid=customer-add-username]') as HTMLInputElement, 'newco');
    await typeInto(document.querySelector('[data-testid=customer-add-password]') as HTMLInputElement, 'newco-pass-1');
    await click('customer-add-save');
    await settle(() => expect(bodiesTo('/api/auth/addcustomer')).toHaveLength(1));
    expect(bodiesTo('/api/auth/addcustomer')[0]).toMatchObject({
      username: 'newco',
      password: 'newco-pass-1',
      plan: 'standard',
      mass: true,
      contactLimit: null,
    });

    await click('customer-settings');
    await settle(() => expect(document.querySelector('[data-testid=customer-force]')).not.toBeNull());
    await settle(() => expect(bodiesTo('/api/auth/getforce')).toHaveLength(1));
    await click('customer-force');
    await click('customer-settings-save');
    await settle(() => expect(bodiesTo('/api/auth/setreadgm')).toHaveLength(1));
    expect(bodiesTo('/api/auth/setforce')).toEqual([{ tenantId: '100001', force: true }]);
    expect(bodiesTo('/api/auth/setreadgm')).toEqual([{ tenantId: '100001', readReceipts: true }]);

    await click('customer-credit');
    await settle(() => expect(document.querySelector('[data-testid=customer-credit-amount]')).not.toBeNull());
    await typeInto(document.querySelector('[data-testid=customer-credit-amount]') as HTMLInputElement, '10.50');
    await click('customer-credit-save');
    await settle(() => expect(bodiesTo('/api/auth/charge')).toHaveLength(1));
    expect(bodiesTo('/api/auth/charge')[0]).toMatchObject({ tenantId: '100001', amount: '10.50', remark: '' });
    expect(bodiesTo('/api/auth/charge')[0].requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  }, 30_000);

  it("lists a customer's deletion exports in its details, each file a download", async () => {
    await screen.render(
      <App>
        <CustomersPage />
      </App>,
    );
    await settle(() => expect(screen.host.textContent).toContain('acme'));
    await click('customer-details-open');
    await settle(() =>
      expect(document.querySelector('[data-testid=customer-exports]')?.textContent).toContain('contacts.csv'),
    );
    expect(document.querySelector('[data-testid=customer-exports]')?.textContent).toContain('2.0 KB');
    await act(async () => document.querySelector<HTMLElement>('[data-testid="customer-export-contacts.csv"]')?.click());
    await settle(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        `/api/auth/exportfile?tenantId=100001&folder=${FOLDER}&file=contacts.csv`,
      ),
    );
  }, 20_000);

  it("finds a deleted customer's exports by its id", async () => {
    await screen.render(
      <App>
        <CustomersPage />
      </App>,
    );
    await click('customer-exports-open');
    await settle(() => expect(document.querySelector('[data-testid=customer-exports-tenant]')).not.toBeNull());
    const search = document.querySelector('[data-testid=customer-exports-tenant]');
    const input = search instanceof HTMLInputElement ? search : search?.querySelector('input');
    await typeInto(input as HTMLInputElement, '100001');
    await act(async () => search?.querySelector('button')?.click());
    await settle(() =>
      expect(document.querySelector('[data-testid=customer-exports]')?.textContent).toContain('ledger.csv'),
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/exports?tenantId=100001');
  }, 20_000);
});
