/** The compiled matcher against a plain loop over the rules: the same hits, whatever the mix. */
import { describe, expect, it } from 'vitest';
import { KeywordMatcher, type MatcherRule, normaliseText } from './keyword-matcher.js';

const rule = (id: number, keywords: string[], matchMode: MatcherRule['matchMode'], priority = 0): MatcherRule => ({
  id: String(id),
  name: `r${id}`,
  keywords,
  matchMode,
  numberIds: [],
  materialId: '1',
  activeHours: null,
  priority,
  cooldownSeconds: 0,
  enabled: true,
});

/** What each rule matches, checked one by one. */
function naive(rules: readonly MatcherRule[], text: string): string[] {
  const normal = normaliseText(text);
  return rules
    .filter((r) =>
      r.keywords.some((keyword) => {
        const word = normaliseText(keyword);
        if (r.matchMode === 'exact') return normal === word;
        if (r.matchMode === 'prefix') return normal.startsWith(word);
        if (r.matchMode === 'contains') return normal.includes(word);
        return new RegExp(keyword, 'i').test(text);
      }),
    )
    .map((r) => r.id)
    .sort();
}

describe('KeywordMatcher', () => {
  it('finds what a loop over the rules finds, on random words and texts', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = 'abcab 价格';
    const word = (length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)])
        .join('')
        .trim() || 'a';
    const modes = ['exact', 'prefix', 'contains', 'contains', 'regex'] as const;
    const rules = Array.from({ length: 300 }, (_, index) => {
      const mode = modes[index % modes.length] as MatcherRule['matchMode'];
      const keywords = Array.from({ length: 1 + Math.floor(random() * 3) }, () => word(1 + Math.floor(random() * 4)));
      return rule(index + 1, mode === 'regex' ? keywords.map((k) => `^${k}b+`) : keywords, mode);
    });
    const matcher = new KeywordMatcher(rules);
    for (let round = 0; round < 500; round += 1) {
      const text = word(1 + Math.floor(random() * 12));
      expect(
        matcher
          .hits(text)
          .map((hit) => hit.rule.id)
          .sort(),
        text,
      ).toEqual(naive(rules, text));
    }
  });

  it('orders hits by priority, then the newest rule', () => {
    const matcher = new KeywordMatcher([
      rule(1, ['hi'], 'contains', 1),
      rule(2, ['hi'], 'contains', 5),
      rule(3, ['hi'], 'prefix', 1),
    ]);
    expect(matcher.hits('hi there').map((hit) => hit.rule.id)).toEqual(['2', '3', '1']);
  });

  it('reads full-width and upper-case text as its plain form', () => {
    const matcher = new KeywordMatcher([rule(1, ['abc 123'], 'exact')]);
    expect(matcher.hits('ＡＢＣ　１２３').map((hit) => hit.keyword)).toEqual(['abc 123']);
  });
});

describe('requiredLiteral', () => {
  it('finds the run every match must hold, or none', async () => {
    const { requiredLiteral } = await import('./regex-literal.js');
    expect(requiredLiteral('\\bSKU-\\d{4}\\b')).toBe('sku-');
    expect(requiredLiteral('order\\s+(status|state)')).toBe('order');
    expect(requiredLiteral('colou?r chart')).toBe('r chart');
    expect(requiredLiteral('price\\.list')).toBe('price.list');
    expect(requiredLiteral('[abc]+xyz')).toBe('xyz');
    expect(requiredLiteral('refund|return')).toBeNull();
    expect(requiredLiteral('(a+)+$')).toBeNull();
    expect(requiredLiteral('^\\d+$')).toBeNull();
  });
});
