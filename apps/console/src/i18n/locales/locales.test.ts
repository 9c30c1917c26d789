import { describe, expect, it } from 'vitest';
import { resources } from './index.js';

/** Every key path of a nested text object, with its value. */
function flatten(texts: object, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [inner, innerValue] of flatten(value, path)) entries.set(inner, innerValue);
    } else entries.set(path, value);
  }
  return entries;
}

const placeholders = (text: unknown) => [...String(text).matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort();

describe('texts', () => {
  const zh = flatten(resources.zh);
  const en = flatten(resources.en);

  it('has every key in both languages', () => {
    const missingInEn = [...zh.keys()].filter((key) => !en.has(key));
    const missingInZh = [...en.keys()].filter((key) => !zh.has(key));
    expect({ missingInEn, missingInZh }).toEqual({ missingInEn: [], missingInZh: [] });
  });

  it('has no empty text and the same placeholders in both languages', () => {
    for (const [key, text] of zh) {
      expect(typeof text === 'string' && text.trim().length > 0, `zh ${key}`).toBe(true);
      expect(typeof en.get(key) === 'string' && String(en.get(key)).trim().length > 0, `en ${key}`).toBe(true);
      expect(placeholders(en.get(key)), key).toEqual(placeholders(text));
    }
  });

  it('really is in two languages', () => {
    const identical = [...zh].filter(([key, text]) => en.get(key) === text && /[\u4e00-\u9fff]/.test(String(text)));
    expect(identical).toEqual([]);
  });
});
