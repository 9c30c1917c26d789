import type { z } from 'zod';
import { bodyFields, ControlError, InvalidBodyError } from './http.js';
import type { Sandbox } from './sandbox.js';

export interface ControlCall {
  sandbox: Sandbox;
  /** Path segments after `/_sandbox/`, e.g. `['numbers', '123']`. */
  params: string[];
  query: URLSearchParams;
  contentType: string | undefined;
  rawBody: Buffer;
}

/** A control reply: the body, and 200 unless `status` says otherwise. */
export type ControlResult = unknown | { status: number; body: unknown };
export type ControlHandler = (call: ControlCall) => unknown;

/** Handlers keyed `METHOD /path` where `:id` matches one segment. */
export type ControlRoutes = Record<string, ControlHandler>;

export function created(body: unknown): { status: number; body: unknown } {
  return { status: 201, body };
}

export function isStatusResult(result: unknown): result is { status: number; body: unknown } {
  return (
    typeof result === 'object' &&
    result !== null &&
    'status' in result &&
    'body' in result &&
    Object.keys(result).length === 2
  );
}

/** The handler for a control path, with the `:id` segments as params. */
export function matchControl(
  routes: ControlRoutes,
  method: string,
  path: string,
): { handler: ControlHandler; params: string[] } | undefined {
  const segments = path.split('/').filter((segment) => segment !== '');
  for (const [key, handler] of Object.entries(routes)) {
    const [routeMethod, routePath = ''] = key.split(' ');
    if (routeMethod !== method) continue;
    const pattern = routePath.split('/').filter((segment) => segment !== '');
    if (pattern.length !== segments.length) continue;
    const params: string[] = [];
    const matches = pattern.every((part, index) => {
      const segment = decodeURIComponent(segments[index] as string);
      if (part === ':id') {
        params.push(segment);
        return true;
      }
      return part === segment;
    });
    if (matches) return { handler, params };
  }
  return undefined;
}

/** The JSON body checked by `schema`; a failure is a 400 naming each bad field. */
export function controlInput<S extends z.ZodType>(schema: S, call: ControlCall): z.output<S> {
  let body: unknown;
  try {
    body = bodyFields(call.contentType ?? 'application/json', call.rawBody);
  } catch (error) {
    if (error instanceof InvalidBodyError) throw new ControlError(error.message);
    throw error;
  }
  return checked(schema, body);
}

export function checked<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`);
  throw new ControlError(problems.join('; '));
}

export function notFound(what: string, id: string): ControlError {
  return new ControlError(`${what}: no ${what.replace(/_id$/, '').replace(/_/g, ' ')} ${id} in the sandbox`, 404);
}
