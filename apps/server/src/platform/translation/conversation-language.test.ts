import { describe, expect, it } from 'vitest';
import { customerLanguageAfter } from './conversation-language.js';
import { detectLanguage } from './detect-language.js';

describe('a conversation language that sticks', () => {
  it('is set by the first reliable detection and kept through short messages', async () => {
    const first = customerLanguageAfter(undefined, await detectLanguage('Hola, quisiera saber dónde está mi pedido'));
    expect(first).toEqual({ language: 'es', source: 'detected' });
    expect(customerLanguageAfter(first, await detectLanguage('ok 👍'))).toBe(first);
    expect(customerLanguageAfter(undefined, await detectLanguage('gracias'))).toBeUndefined();
  });

  it('follows a customer who switches language, unless an agent set it', async () => {
    const english = await detectLanguage('Sorry, could you write to me in English please?');
    expect(customerLanguageAfter({ language: 'es', source: 'detected' }, english)).toEqual({
      language: 'en',
      source: 'detected',
    });
    const set = { language: 'pt', source: 'manual' } as const;
    expect(customerLanguageAfter(set, english)).toBe(set);
  });

  it('ignores a language the product does not translate', async () => {
    const current = { language: 'en', source: 'detected' } as const;
    const dutch = await detectLanguage('Goedemorgen, ik wil graag weten wanneer mijn bestelling aankomt');
    expect(customerLanguageAfter(current, dutch)).toBe(current);
  });
});
