import { z } from 'zod';
import { AppError } from './errors.js';

const zhLocale = z.locales.zhCN().localeError;
const enLocale = z.locales.en().localeError;

/** Parses `value` with `schema`, or throws a 400 whose message names each failing field. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, where: 'body' | 'query'): z.output<T> {
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
