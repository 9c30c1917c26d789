import pg from 'pg';

/**
 * The one way a query with optional conditions is built: each value goes through `add`, which
 * answers the SQL that stands for it, typed. For ordinary queries that is a bind parameter
 * (`$n::type`, `BoundValues`); for COPY, which takes no parameters, an escaped literal
 * (`literalValues`). Either way a value never becomes SQL text.
 *
 * ```ts
 * const sql = new BoundValues();
 * const where = [`c.tenant_id = ${sql.add(scope.tenantId, 'text')}`];
 * if (numberId) where.push(`c.number_id = ${sql.add(numberId, 'bigint')}`);
 * await db.query(prepared(`select … where ${where.join(' and ')}`, sql.values));
 * ```
 */
export interface SqlValues {
  add(value: SqlValue, type: SqlType): string;
}

export type SqlValue = string | number | boolean | readonly string[] | null;
export type SqlType = 'text' | 'bigint' | 'int' | 'boolean' | 'date' | 'timestamptz' | 'inet' | 'bigint[]' | 'text[]';

/** Values as bind parameters: `values` is what the query is run with. */
export class BoundValues implements SqlValues {
  readonly values: unknown[] = [];
  add(value: SqlValue, type: SqlType): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}

/** Values as escaped literals, for statements that take no parameters (COPY). */
export const literalValues: SqlValues = {
  add(value, type) {
    // Array elements are validated ids or plain texts; the whole literal is escaped as one text all the same.
    if (value === null) return `null::${type}`;
    const text = Array.isArray(value) ? `{${value.map(arrayElement).join(',')}}` : String(value);
    return `${pg.escapeLiteral(text)}::${type}`;
  },
};

/** An element of a PostgreSQL array literal, quoted so that commas, braces and quotes stay inside it. */
const arrayElement = (element: string) => `"${element.replace(/["\\]/g, (c) => `\\${c}`)}"`;
