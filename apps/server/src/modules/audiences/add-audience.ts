import { promises as fs } from 'node:fs';
import { type AudienceList, ColumnMapping, type Language } from '@ws/contract';
import type { FastifyRequest } from 'fastify';
import type { CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { parseInput } from '../../platform/http/validation.js';
import { enqueue } from '../../platform/queue/jobs.js';
import { inspectAudienceFile } from './audience-file.js';
import { presentAudienceList } from './audience-presenter.js';
import { insertAudienceList, selectAudienceList } from './audience-repository.js';
import { columnIndexes, guessMapping } from './audience-row.js';
import { audienceCheckJob } from './check-job.js';
import { isKnownCountry } from './phone-check.js';
import { readAudienceUpload } from './read-audience-upload.js';

/**
 * `data/add`: stores the file (streamed), reads its first rows for the columns and a preview, and
 * records the list. With a mapping the check is queued in the same transaction; without one the
 * list is a draft with a guessed mapping, waiting for `data/run`. A file that cannot be read, or a
 * mapping naming a column the file lacks, is a 400 and leaves nothing behind.
 */
export async function addAudience(
  context: AppContext,
  scope: Scope,
  request: FastifyRequest,
  language: Language,
): Promise<AudienceList> {
  const upload = await readAudienceUpload(context, scope.tenantId, request);
  try {
    const { fields } = upload;
    const country = knownCountry(fields.defaultCountry, 'defaultCountry');
    const hasHeader = upload.pasted ? false : fields.hasHeader;
    const shape = await inspectAudienceFile(upload.filePath, hasHeader);
    const mapping = fields.mapping === undefined ? undefined : parseMapping(fields.mapping);
    if (mapping) columnIndexes(mapping, shape.columns);
    const id = await withTransaction(context.pool, async (client) => {
      const listId = await insertAudienceList(client, scope, {
        name: fields.name,
        consentSource: fields.consentSource,
        evidenceText: fields.evidenceText || null,
        evidenceUrl: fields.evidenceUrl ?? null,
        evidenceFile: upload.evidence,
        defaultCountry: country,
        fileName: upload.fileName,
        fileKind: upload.pasted ? 'lines' : shape.kind,
        filePath: upload.relativePath,
        fileSize: upload.size,
        hasHeader,
        csvSeparator: shape.separator,
        columns: shape.columns,
        preview: shape.preview,
        mapping: mapping ?? guessMapping(shape.columns, hasHeader),
        status: mapping ? 'queued' : 'draft',
      });
      if (mapping) await enqueue(client, audienceCheckJob, { tenantId: scope.tenantId, listId, runNo: 1 });
      return listId;
    });
    const list = await selectAudienceList(context.pool, scope, id);
    if (!list) throw errors.notFound({ zh: 'id: 名单', en: 'id: List' });
    return presentAudienceList(list, language);
  } catch (error) {
    await fs.rm(upload.filePath, { force: true });
    await fs.rm(`${upload.filePath}.evidence`, { force: true });
    throw error;
  }
}

/** The default country, when given, must be one libphonenumber knows. */
export function knownCountry(code: string | null | undefined, field: string): CountryCode | null {
  if (!code) return null;
  if (!isKnownCountry(code)) throw errors.invalid(field, `未知的国家代码 ${code}`, `unknown country code ${code}`);
  return code;
}

const MappingField = z.object({ mapping: ColumnMapping });

function parseMapping(text: string): ColumnMapping {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.invalid('mapping', '须为 JSON 对象', 'must be a JSON object');
  }
  // Wrapped, so that a failing field is named `mapping.phone` rather than `phone`.
  return parseInput(MappingField, { mapping: value }, 'body').mapping;
}
