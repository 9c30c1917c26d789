import { MAX_TAGS_PER_KIND } from '@ws/contract';
import type pg from 'pg';
import { releaseSavepoint, rollbackToSavepoint, savepoint } from '../../platform/db/savepoint.js';
import type { LocalizedText } from '../../platform/http/errors.js';
import type { PhoneNumberInfo } from '../../whatsapp/cloud-api/index.js';
import type { TokenCipher } from '../../whatsapp/crypto/token-cipher.js';
import type { TargetConnection } from '../../whatsapp/numbers/cloud-api-target.js';
import { connectFromMeta, connectRace } from '../../whatsapp/numbers/connect-from-meta.js';
import { liveNumberOwner, wabaOwner } from '../../whatsapp/numbers/meta-id-owner-repository.js';
import type { RowOutcome, StoredImportRow } from './import-repository.js';
import { tagNumber } from './number-tag-repository.js';

export interface VerifiedRow extends StoredImportRow {
  token: string;
  info: PhoneNumberInfo;
}

/** A row's reason as stored: both languages, so the progress call answers in the caller's. */
export const reasonText = (message: LocalizedText): string => JSON.stringify(message);

export const failedRow = (rowNo: number, field: string, message: LocalizedText): RowOutcome => ({
  rowNo,
  outcome: 'failed',
  field,
  message: reasonText(message),
  numberId: null,
});

const ANOTHER_ACCOUNT: LocalizedText = { zh: '已属于其他账户', en: 'belongs to another account' };
const ALREADY_IMPORTED: LocalizedText = { zh: '已导入过', en: 'already imported' };

/**
 * Records one verified row in the chunk's transaction: a phone-number id live in this tenant is
 * skipped, one live in another tenant (or a WABA another tenant has) fails without saying whose;
 * otherwise the number is connected with Meta's state and tagged. A savepoint keeps a race with
 * another import (the unique phone-number id) from spoiling the rest of the chunk.
 */
export async function connectRow(
  client: pg.PoolClient,
  cipher: TokenCipher,
  tenantId: string,
  connection: TargetConnection,
  row: VerifiedRow,
): Promise<RowOutcome> {
  const held = await heldElsewhere(client, tenantId, row);
  if (held) return held;
  const waba = await wabaOwner(client, row.wabaId);
  if (waba && waba.tenantId !== tenantId) return failedRow(row.rowNo, 'waba_id', ANOTHER_ACCOUNT);

  await savepoint(client, 'import_row');
  try {
    const numberId = await connectFromMeta(client, cipher, tenantId, connection, {
      ...row,
      wabaPortfolio: waba?.portfolioName,
      defaultStatus: 'CONNECTED',
    });
    const untagged = await tagNumber(client, tenantId, numberId, row.tags, MAX_TAGS_PER_KIND);
    await releaseSavepoint(client, 'import_row');
    const message = untagged.length
      ? reasonText({
          zh: `标签数量已达上限，未添加：${untagged.join('、')}`,
          en: `the tag limit is reached; not added: ${untagged.join(', ')}`,
        })
      : null;
    return { rowNo: row.rowNo, outcome: 'imported', field: untagged.length ? 'tags' : null, message, numberId };
  } catch (error) {
    // Another import connected the number (or took the WABA) since the checks above.
    if (!connectRace(error)) throw error;
    await rollbackToSavepoint(client, 'import_row');
    return (await heldElsewhere(client, tenantId, row)) ?? failedRow(row.rowNo, 'waba_id', ANOTHER_ACCOUNT);
  }
}

async function heldElsewhere(client: pg.PoolClient, tenantId: string, row: VerifiedRow) {
  const owner = await liveNumberOwner(client, row.phoneNumberId);
  if (!owner) return undefined;
  if (owner !== tenantId) return failedRow(row.rowNo, 'phone_number_id', ANOTHER_ACCOUNT);
  const skipped: RowOutcome = {
    rowNo: row.rowNo,
    outcome: 'skipped',
    field: 'phone_number_id',
    message: reasonText(ALREADY_IMPORTED),
    numberId: null,
  };
  return skipped;
}
