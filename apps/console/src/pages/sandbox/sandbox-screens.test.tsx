import type { RegistrationNumber } from '@ws/contract';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { settle, setUpTestRoot } from '../../test/test-root.js';
import WarehousingPage from '../number-import/warehousing-page.js';
import { VerifyCodeStep } from '../registration/code-steps.js';
import { NumberStep } from '../registration/number-step.js';

let target: 'sandbox' | 'meta' = 'sandbox';
/** Answers each call by its path: the target as set, a code for the number, empty lists otherwise. */
const fetchMock = vi.fn(async (url: string) => {
  const data = url.startsWith('/api/wa/target')
    ? { target }
    : url.startsWith('/api/wa/sandbox/code')
      ? { code: '123456' }
      : url.startsWith('/api/ws/simcountry')
        ? []
        : { records: [], total: 0, size: 10, current: 1, pages: 0 };
  return Response.json({ code: 0, message: 'ok', data });
});

const number = { id: '5', display_phone: '+1 201-555-0123', status: 'PENDING' } as RegistrationNumber;

function Screens() {
  return (
    <App>
      <WarehousingPage />
      <NumberStep onReady={() => undefined} />
      <VerifyCodeStep number={number} onDone={() => undefined} onBack={() => undefined} />
    </App>
  );
}

describe('the sandbox on the import and registration screens', () => {
  const screen = setUpTestRoot({ language: 'en', fetch: fetchMock });
  const find = (testId: string) => screen.host.querySelector(`[data-testid=${testId}]`);

  it('offers sandbox numbers, the sandbox option and the texted code when numbers live in the sandbox', async () => {
    target = 'sandbox';
    await screen.render(<Screens />);
    await settle(() => expect(find('sandbox-numbers-card')).not.toBeNull());
    expect(find('registration-source')?.textContent).toContain('Sandbox number');
    await settle(() => expect(find('sandbox-code')?.textContent).toBe('123456'));
    (find('sandbox-code-fill') as HTMLButtonElement).click();
    await settle(() => expect((find('registration-code') as HTMLInputElement).value).toBe('123456'));
  });

  it('shows none of it when numbers live at Meta', async () => {
    target = 'meta';
    await screen.render(<Screens />);
    await settle(() => expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/wa/target'))).toBe(true));
    await settle(() => expect(find('import-target')?.textContent).toBe('Meta Cloud API'));
    expect(find('sandbox-numbers-card')).toBeNull();
    expect(find('registration-source')?.textContent).not.toContain('Sandbox');
    expect(find('registration-target')?.textContent).not.toContain('sandbox');
    expect(find('sandbox-code-panel')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/wa/sandbox'))).toBe(false);
  });
});
