import type pg from 'pg';
import { publishEvents } from '../../platform/realtime/publish.js';
import type { AudienceListRow } from './audience-repository.js';

type Progress = Pick<AudienceListRow, 'id' | 'status' | 'read_bytes' | 'loaded_rows'> & { rows: number };

/** Tells the tenant's admins and operators where a list stands, in the transaction that moved it. */
export async function publishAudienceProgress(client: pg.PoolClient, tenantId: string, list: Progress): Promise<void> {
  await publishEvents(client, [
    {
      tenantId,
      roles: ['admin', 'operator'],
      event: {
        type: 'audience.progress',
        data: {
          list_id: list.id,
          status: list.status,
          read_bytes: list.read_bytes,
          rows: list.rows,
          loaded_rows: list.loaded_rows,
        },
      },
    },
  ]);
}
