import { useQuery } from '@tanstack/react-query';
import { type AudienceList, type AudienceStatus, type ColumnMapping, type ConsentSource, calls } from '@ws/contract';
import { callApi, callFile } from '@ws/web-kit/api';
import { type ListBody, readDownload, saveFile, usePagedList } from '@ws/web-kit/list';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';

/** What the upload form sends: the list's name, consent and evidence, and a file or pasted numbers. */
export interface AudienceUpload {
  name: string;
  consentSource: ConsentSource;
  evidenceText?: string | undefined;
  evidenceUrl?: string | undefined;
  defaultCountry?: string | undefined;
  /** A proof of consent: a PDF or an image. */
  evidenceFile?: File | undefined;
  file?: File | undefined;
  lines?: string | undefined;
}

/**
 * Uploads a list without a mapping: the reply is a draft with its columns, first rows and a guessed
 * mapping for the mapping step. The fields go before the file so the server has them when it
 * streams the file to disk.
 */
export function uploadAudience(upload: AudienceUpload): Promise<AudienceList> {
  const form = new FormData();
  form.append('name', upload.name);
  form.append('consentSource', upload.consentSource);
  if (upload.evidenceText?.trim()) form.append('evidenceText', upload.evidenceText.trim());
  if (upload.evidenceUrl?.trim()) form.append('evidenceUrl', upload.evidenceUrl.trim());
  if (upload.defaultCountry) form.append('defaultCountry', upload.defaultCountry);
  if (upload.evidenceFile) form.append('evidence', upload.evidenceFile, upload.evidenceFile.name);
  if (upload.file) form.append('file', upload.file, upload.file.name);
  else form.append('lines', upload.lines ?? '');
  return callApi(calls.audienceAdd, { form });
}

/** Saves a list's uploaded evidence of consent, as it was uploaded. */
export async function downloadEvidence(list: AudienceList): Promise<void> {
  const response = await callFile(calls.audienceEvidence, { body: { id: list.id } });
  saveFile(await readDownload(response, list.evidence_file?.name ?? 'evidence', () => undefined));
}

/** Starts (or restarts) the check of a list with the mapping chosen in the mapping step. */
export function runAudience(id: string, mapping?: ColumnMapping, hasHeader?: boolean): Promise<AudienceList> {
  return callApi(calls.audienceRun, {
    body: { id, ...(mapping ? { mapping } : {}), ...(hasHeader === undefined ? {} : { hasHeader }) },
    notifySuccess: true,
  });
}

/** The statuses in which a job is working on the list: its progress shows and events move it. */
export const BUSY_STATUSES: readonly AudienceStatus[] = ['queued', 'running', 'loading'];
export const isBusy = (status: AudienceStatus) => BUSY_STATUSES.includes(status);

/**
 * How far the list's job is, in percent: a CSV's check by bytes read of the file, a load by rows
 * loaded of the valid rows. An XLSX's check has no byte position (undefined: show the rows read).
 */
export function progressOf(list: AudienceList): number | undefined {
  const percent = (part: number, whole: number) => (whole > 0 ? Math.min(99, Math.floor((part / whole) * 100)) : 0);
  if (list.status === 'loading') return percent(list.loaded_rows, list.counts.valid);
  if (list.status === 'queued') return 0;
  if (list.status === 'running') {
    return list.file_kind === 'xlsx' ? undefined : percent(list.read_bytes, list.file_size);
  }
  return undefined;
}

/** The tenant's lists, page by page, read again whenever a list's job moves on. */
export function useAudienceLists(body: ListBody<typeof calls.audienceList>) {
  const lists = usePagedList(calls.audienceList, body);
  useRefetchOnEvent(lists.queryKey, (event) => event.type === 'audience.progress');
  return lists;
}

/** The rows of one list with what the check found, read again as its check or load moves on. */
export function useAudienceRows(listId: string, filters: ListBody<typeof calls.audienceDetails>['filters']) {
  const rows = usePagedList(calls.audienceDetails, { pid: listId, filters });
  useRefetchOnEvent(rows.queryKey, (event) => event.type === 'audience.progress' && event.data.list_id === listId);
  return rows;
}

/** Every list of the tenant, for the pool dialog's picker. */
export function useAudienceChoices(enabled = true) {
  return useQuery({
    queryKey: [calls.audienceGetall.id],
    queryFn: ({ signal }) => callApi(calls.audienceGetall, { signal }),
    enabled,
  });
}
