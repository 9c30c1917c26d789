import path from 'node:path';
import type { AudienceList, AudienceRun, Language } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { enqueue } from '../../platform/queue/jobs.js';
import { knownCountry } from './add-audience.js';
import { inspectAudienceFile } from './audience-file.js';
import { presentAudienceList } from './audience-presenter.js';
import { type AudienceListRow, restartAudienceCheck, selectAudienceList } from './audience-repository.js';
import { columnIndexes } from './audience-row.js';
import { audienceCheckJob } from './check-job.js';
import { audiencesDir } from './read-audience-upload.js';

const LIST = { zh: 'id: 名单', en: 'id: List' };

/** A list's own record, or the 404 naming `id` that another tenant's or a deleted list gets. */
export async function findAudienceList(context: AppContext, scope: Scope, id: string, language: Language) {
  const list = await selectAudienceList(context.pool, scope, id);
  if (!list) throw errors.notFound(LIST);
  return presentAudienceList(list, language);
}

/** Refuses to start work on a list that a job is loading into the contact book. */
export function refuseWhileLoading(list: AudienceListRow): void {
  if (list.status === 'loading') {
    throw errors.conflict({
      zh: '名单正在导入联系人，请等待完成',
      en: 'the list is being loaded into the contacts; wait until it is done',
    });
  }
}

/**
 * `data/run`: (re)checks a list with its mapping, or a new mapping, default country or header
 * flag (then the columns and preview are read again). A check under way is superseded: its job
 * stops at its next chunk and the new one starts from the first row.
 */
export async function runAudience(
  context: AppContext,
  scope: Scope,
  run: AudienceRun,
  language: Language,
): Promise<AudienceList> {
  await withTransaction(context.pool, async (client) => {
    const list = await selectAudienceList(client, scope, run.id, true);
    if (!list) throw errors.notFound(LIST);
    refuseWhileLoading(list);
    const hasHeader = list.file_kind === 'lines' ? false : (run.hasHeader ?? list.has_header);
    const shape =
      hasHeader === list.has_header
        ? { columns: list.columns, preview: list.preview }
        : await inspectAudienceFile(path.join(audiencesDir(context), list.file_path), hasHeader);
    const mapping = run.mapping ?? list.mapping;
    if (!mapping) throw errors.invalid('mapping', '请选择号码所在的列', 'choose the column that holds the numbers');
    columnIndexes(mapping, shape.columns);
    const defaultCountry =
      run.defaultCountry === undefined ? list.default_country : knownCountry(run.defaultCountry, 'defaultCountry');
    const runNo = await restartAudienceCheck(client, scope, run.id, {
      mapping,
      defaultCountry,
      hasHeader,
      columns: shape.columns,
      preview: shape.preview,
    });
    await enqueue(client, audienceCheckJob, { tenantId: scope.tenantId, listId: run.id, runNo });
  });
  return findAudienceList(context, scope, run.id, language);
}
