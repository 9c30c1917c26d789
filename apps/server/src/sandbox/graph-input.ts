import type { z } from 'zod';
import { messageTypes } from '../whatsapp/meta/send-message.js';
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

/**
 * Parameters the Graph API declares as objects or lists. Given as text (every form field, or a
 * JSON string inside a JSON body), Graph decodes them as JSON; other parameters stay strings
 * (`biz_opaque_callback_data` may well be JSON text and must reach the statuses as sent).
 */
const STRUCTURED_PARAMETERS = new Set<string>([
  ...messageTypes,
  'context',
  'components',
  'websites',
  'template_ids',
  'metric_types',
]);

/** The fields with structured parameters given as JSON text decoded; `decoded` tells whether any was. */
export function decodeStructured(fields: Record<string, unknown>): {
  fields: Record<string, unknown>;
  decoded: boolean;
} {
  let out = fields;
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value !== 'string' || !STRUCTURED_PARAMETERS.has(key)) continue;
    const text = value.trim();
    if (!text.startsWith('{') && !text.startsWith('[')) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw graphErrors.invalidParameter(`${key}: not valid JSON`);
    }
    if (out === fields) out = { ...fields };
    out[key] = parsed;
  }
  return { fields: out, decoded: out !== fields };
}
