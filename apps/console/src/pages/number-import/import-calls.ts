import { useQuery } from '@tanstack/react-query';
import { calls, type IMPORT_FORMATS, type ImportStarted, type ImportTarget } from '@ws/contract';
import { callApi, callFile } from '@ws/web-kit/api';
import { readDownload, saveFile } from '@ws/web-kit/list';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';

/** Uploads the file; the target goes first so the server reads it before the file. */
export function uploadImport(file: File, target: ImportTarget): Promise<ImportStarted> {
  const form = new FormData();
  form.append('target', target);
  form.append('file', file, file.name);
  return callApi(calls.numberImport, { form });
}

export const isFinished = (status: string | undefined) => status === 'done' || status === 'failed';

/** An import's progress, read again each time the realtime channel tells that it moved (no polling). */
export function useImportProgress(importId: string | undefined) {
  const queryKey = [calls.numberImportProgress.id, importId];
  useRefetchOnEvent(queryKey, (event) => event.type === 'import.progress' && event.data.import_id === importId);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(calls.numberImportProgress, { body: { importId: importId as string }, signal }),
    enabled: importId !== undefined,
  });
}

/** Saves the template in the given format. */
export async function downloadTemplate(format: (typeof IMPORT_FORMATS)[number]): Promise<void> {
  const response = await callFile(calls.numberImportTemplate, { query: { format } });
  saveFile(await readDownload(response, `number-import-template.${format}`, () => undefined));
}
