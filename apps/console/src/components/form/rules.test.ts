import { describe, expect, it } from 'vitest';
import { oneOf, sameAs } from './rules.js';

const form = (values: Record<string, unknown>) => ({ getFieldValue: (name: string) => values[name] });

describe('form rules', () => {
  it('oneOf passes when any of the fields has a value, lists included', async () => {
    const rule = oneOf(['add', 'remove'], 'choose one');
    await expect(rule(form({ add: [], remove: ['7'] })).validator()).resolves.toBeUndefined();
    await expect(rule(form({ add: 'x' })).validator()).resolves.toBeUndefined();
    await expect(rule(form({ add: [], remove: undefined })).validator()).rejects.toThrow('choose one');
  });

  it('sameAs passes an empty value or one equal to the other field', async () => {
    const rule = sameAs('pin', 'differs');
    await expect(rule(form({ pin: '123456' })).validator(undefined, '')).resolves.toBeUndefined();
    await expect(rule(form({ pin: '123456' })).validator(undefined, '123456')).resolves.toBeUndefined();
    await expect(rule(form({ pin: '123456' })).validator(undefined, '654321')).rejects.toThrow('differs');
  });
});
