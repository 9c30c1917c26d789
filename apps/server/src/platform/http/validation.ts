import { z } from 'zod';
import { AppError } from './errors.js';

const zhLocale = z.locales.zhCN().localeError;
const enLocale = z.locales.en().localeError;

/** The path of the first string holding a NUL character, which PostgreSQL text cannot store. */
function nulPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulPath(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

/** Parses `value` with `schema`, or throws a 400 whose message names each failing field. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, where: 'body' | 'query'): z.output<T> {
  const withNul = nulPath(value, '');
  if (withNul !== undefined) {
    const field = withNul || where;
    throw new AppError('invalidInput', {
      zh: `${field}: 不能包含空字符`,
      en: `${field}: must not contain NUL characters`,
    });
  }
  const zh = schema.safeParse(value, { error: zhLocale });
  if (zh.success) return zh.data;
  // A second parse, only on failure, gives the English text from the same rules.
  const en = schema.safeParse(value, { error: enLocale });
  const describe = (issues: z.core.$ZodIssue[]) =>
    issues
      .slice(0, 5)
      .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : where}: ${issue.message}`)
      .join('; ');
  throw new AppError('invalidInput', {
    zh: describe(zh.error.issues),
    en: en.success ? describe(zh.error.issues) : describe(en.error.issues),
  });
}
