import type { TranslationSettings } from '@ws/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { settle, setUpTestRoot } from '../../test/test-root.js';
import TranslationSettingsPage from './translation-settings-page.js';

let stored: TranslationSettings;
/** The tenant's settings as the server answers them before any choice, for `provider`. */
const defaults = (provider: TranslationSettings['provider'], simulated: boolean): TranslationSettings => ({
  allowed: simulated,
  allowed_is_default: true,
  agent_language: 'zh',
  provider,
  simulated,
  updated_at: null,
});
const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  if (url === '/api/translate/languages') {
    return Response.json({
      code: 0,
      message: 'ok',
      data: {
        provider: stored.provider,
        simulated: stored.simulated,
        languages: [
          { code: 'zh', supported: true },
          { code: 'es', supported: true },
          { code: 'ms', supported: false },
        ],
      },
    });
  }
  if (init.method === 'POST') {
    const body = JSON.parse(String(init.body)) as {
      allowed: boolean;
      agentLanguage: TranslationSettings['agent_language'];
    };
    stored = { ...stored, allowed: body.allowed, agent_language: body.agentLanguage, allowed_is_default: false };
  }
  return Response.json({ code: 0, message: 'ok', data: stored });
});
const posted = () =>
  fetchMock.mock.calls.filter(([, init]) => init.method === 'POST').map(([, init]) => JSON.parse(String(init.body)));

describe('the translation settings screen', () => {
  const screen = setUpTestRoot({ language: 'en', fetch: fetchMock });

  it('shows the provider, whether it answers and the consent, and saves a consent', async () => {
    stored = defaults('deepl', false);
    await screen.render(<TranslationSettingsPage />);
    await settle(() =>
      expect(screen.host.querySelector('[data-testid=translation-provider]')?.textContent).toBe('DeepL'),
    );
    await settle(() =>
      expect(screen.host.querySelector('[data-testid=translation-status]')?.textContent).toBe(
        'Available, 2 languages supported',
      ),
    );
    expect(screen.host.textContent).toContain('third-party provider');
    expect(screen.host.querySelector('[data-testid=translation-default]')).not.toBeNull();
    expect(screen.host.querySelector('[data-testid=translation-simulated]')).toBeNull();

    await act(async () => screen.host.querySelector<HTMLButtonElement>('[data-testid=translation-allowed]')?.click());
    await act(async () => screen.host.querySelector<HTMLButtonElement>('[data-testid=translation-save]')?.click());
    await settle(() => expect(posted()).toEqual([{ allowed: true, agentLanguage: 'zh' }]));
    await settle(() => expect(screen.host.querySelector('[data-testid=translation-default]')).toBeNull());
  }, 20_000);
});

describe('the translation settings screen in zh', () => {
  const screen = setUpTestRoot({ language: 'zh', fetch: fetchMock });

  it('says the simulated translation keeps customer text on this installation', async () => {
    stored = defaults('sandbox', true);
    await screen.render(<TranslationSettingsPage />);
    await settle(() =>
      expect(screen.host.querySelector('[data-testid=translation-simulated]')?.textContent).toBe('模拟翻译'),
    );
    expect(screen.host.querySelector('[data-testid=translation-provider]')?.textContent).toBe('内置模拟翻译');
    expect(screen.host.textContent).toContain('客户文本不会离开本平台');
  }, 20_000);
});
