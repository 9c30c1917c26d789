import type pg from 'pg';

/**
 * EXPLAIN of a statement as the product runs it, a prepared statement, on this client (inside its
 * settings and transaction): EXPLAIN EXECUTE takes its arguments as literals, each the parameter
 * as the driver sends it, read back as text. `options`: EXPLAIN's, e.g. 'format json' or
 * 'analyze, buffers, format json' (which runs the statement: roll the transaction back). Answers
 * the JSON plan's top node.
 */
export async function explainPrepared(
  client: pg.PoolClient,
  statement: string,
  parameters: readonly unknown[],
  options = 'format json',
): Promise<Record<string, unknown>> {
  const literals: string[] = [];
  for (const parameter of parameters) {
    const { rows } = await client.query<{ text: string | null }>('select $1::text as text', [parameter]);
    const text = rows[0]?.text ?? null;
    literals.push(text === null ? 'null' : client.escapeLiteral(text));
  }
  await client.query(`prepare explained_statement as ${statement}`);
  try {
    const { rows } = await client.query(`explain (${options}) execute explained_statement(${literals.join(', ')})`);
    return rows[0]['QUERY PLAN'][0].Plan;
  } finally {
    await client.query('deallocate explained_statement');
  }
}
