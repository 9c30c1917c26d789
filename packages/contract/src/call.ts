import type { z } from 'zod';

/** Who may make a call. `public` needs no token; `signed-in` any valid token; a role list narrows it. */
export type Role = 'admin' | 'operator' | 'seat';
export type Access = 'public' | 'signed-in' | readonly Role[];

/**
 * What a call does to data. It picks the success message (新增成功, 更新成功, 删除成功) and
 * whether the call writes an operation-log entry: every kind but `read` does.
 */
export type CallKind = 'read' | 'create' | 'update' | 'delete' | 'action';

export interface CallDefinition {
  /** Stable name, also the operation-log action and the OpenAPI operationId. */
  readonly id: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly access: Access;
  /**
   * Called by the platform admin, this call reads every tenant's rows (the customers list, how many
   * numbers of all tenants use each system IP). Everyone else stays in their own tenant.
   */
  readonly acrossTenants?: boolean;
  readonly kind: CallKind;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly reply: z.ZodType;
  /** Set when the body is multipart form data (file uploads) rather than JSON. */
  readonly multipart?: boolean;
  /**
   * Set when a success is a file streamed as the reply (exports, templates) instead of the JSON
   * envelope; `reply` then describes that file's content. Failures are still the error envelope.
   */
  readonly file?: { readonly contentType: string };
}

/** Keeps the literal type of a definition, so handlers and clients see its exact schemas and access. */
export function defineCall<const D extends CallDefinition>(definition: D): D {
  return definition;
}

export type BodyOf<C> = C extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
export type ParsedBodyOf<C> = C extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
export type QueryOf<C> = C extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
export type ParsedQueryOf<C> = C extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
/** The `data` of a call's successful reply. */
export type DataOf<C> = C extends { reply: infer R extends z.ZodType }
  ? z.output<R> extends { data: infer D }
    ? D
    : never
  : never;
