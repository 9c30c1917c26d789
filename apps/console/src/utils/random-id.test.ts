import { describe, expect, it } from 'vitest';
import { randomId } from './random-id.js';

describe('randomId', () => {
  it('is 22 letters and digits', () => {
    expect(randomId()).toMatch(/^[A-Za-z0-9]{22}$/);
  });
  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => randomId()));
    expect(ids.size).toBe(10_000);
  });
  it('uses the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomId()).join(''));
    expect(seen.size).toBe(62);
  });
});
