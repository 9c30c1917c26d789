import type { z } from 'zod';
import { graphErrors } from './graph-errors.js';

/** Parses Graph call parameters; a failure is Meta's 100 (or 131008 when missing) naming the field. */
export function parseGraphInput<S extends z.ZodType>(schema: S, fields: unknown): z.output<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.join('.') || 'body';
  const details = `${path}: ${issue?.message ?? 'invalid'}`;
  if (issue?.code === 'invalid_type' && /received undefined/.test(issue.message)) {
    throw graphErrors.missingParameter(details);
  }
  throw graphErrors.invalidParameter(details);
}

/** `fields=a,b{c}` as the list of top-level field names. */
export function requestedFields(query: URLSearchParams): string[] | undefined {
  const fields = query.get('fields');
  if (!fields) return undefined;
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of fields) {
    if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (char === ',' && depth === 0) {
      if (current.trim()) names.push(current.trim());
      current = '';
    } else if (depth === 0) current += char;
  }
  if (current.trim()) names.push(current.trim());
  return names;
}
