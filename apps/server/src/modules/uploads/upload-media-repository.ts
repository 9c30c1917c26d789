import type { Db } from '../../platform/db/pool.js';

/** A file's media id in a number's Cloud API media store, while it has at least `margin` left to live. */
export async function selectLiveMediaId(
  db: Db,
  tenantId: string,
  uploadId: string,
  numberId: string,
  marginSeconds: number,
): Promise<string | undefined> {
  const { rows } = await db.query<{ media_id: string }>(
    `select media_id from upload_media
      where tenant_id = $1 and upload_id = $2 and number_id = $3 and expires_at > now() + make_interval(secs => $4)`,
    [tenantId, uploadId, numberId, marginSeconds],
  );
  return rows[0]?.media_id;
}

/** Keeps the media id a number's media store gave the file, replacing an expired one. */
export async function saveMediaId(
  db: Db,
  tenantId: string,
  uploadId: string,
  numberId: string,
  mediaId: string,
  lifetimeSeconds: number,
): Promise<void> {
  await db.query(
    `insert into upload_media (tenant_id, upload_id, number_id, media_id, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5))
     on conflict (tenant_id, upload_id, number_id) do update set media_id = excluded.media_id, expires_at = excluded.expires_at`,
    [tenantId, uploadId, numberId, mediaId, lifetimeSeconds],
  );
}
