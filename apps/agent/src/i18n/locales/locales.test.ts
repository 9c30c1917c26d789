import { describe, expect, it } from 'vitest';
import { resources } from './index.js';

/** Every key path of a texts object, nested keys joined with dots. */
function keyPaths(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keyPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe("the seat client's texts", () => {
  it('has every text in zh and in en, none of them empty', () => {
    expect(keyPaths(resources.en)).toEqual(keyPaths(resources.zh));
    const blank = (texts: object) =>
      keyPaths(texts).filter((path) => {
        const value = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], texts);
        return typeof value !== 'string' || value.trim() === '';
      });
    expect(blank(resources.zh)).toEqual([]);
    expect(blank(resources.en)).toEqual([]);
  });
});
