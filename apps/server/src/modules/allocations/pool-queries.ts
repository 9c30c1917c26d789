import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Language, Page, PageRequest, Pool } from '@ws/contract';
import { toPage } from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import { pageSpanOf } from '../../platform/db/page-span.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { type FileReply, UTF8_BOM } from '../../platform/http/file-route.js';
import { presentPool } from './pool-presenter.js';
import { selectPool, selectPools, selectShares } from './pool-repository.js';
import { copyPoolCsv } from './pool-run-repository.js';

/** `fansdata/list`: the pools, newest first, with their shares. */
export async function listPools(
  context: AppContext,
  scope: Scope,
  request: PageRequest & { filters: { search?: string | undefined } },
  language: Language,
): Promise<Page<Pool>> {
  const { rows, total } = await selectPools(context.pool, scope, request.filters.search, pageSpanOf(request));
  const shares = await selectShares(
    context.pool,
    scope.tenantId,
    rows.map((row) => row.id),
  );
  return toPage(
    rows.map((row) => presentPool(row, shares, language)),
    total,
    request,
  );
}

/**
 * `fansdata/down`: the pool's contacts with their owner number and agent, as CSV written by
 * PostgreSQL (COPY) and streamed with back-pressure on a connection of its own.
 */
export async function downloadPool(
  context: AppContext,
  scope: Scope,
  id: string,
  language: Language,
): Promise<FileReply> {
  const pool = await selectPool(context.pool, scope, id);
  if (!pool) throw errors.notFound({ zh: 'id: 分配池', en: 'id: Pool' });
  let client: pg.PoolClient | undefined;
  try {
    client = await context.pool.connect();
    const copy = copyPoolCsv(client, scope.tenantId, pool, language);
    const body = new PassThrough();
    body.write(UTF8_BOM);
    const connection = client;
    pipeline(copy, body).then(
      () => connection.release(),
      (error: Error) => connection.release(error),
    );
    return { fileName: `pool-${pool.id}.csv`, headers: { 'x-total-count': String(pool.total) }, body };
  } catch (error) {
    client?.release(error instanceof Error ? error : true);
    throw error;
  }
}
