import { useQuery } from '@tanstack/react-query';
import { calls, type Template } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { type ListBody, usePagedList } from '@ws/web-kit/list';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';

/** The tenant's templates, page by page, read again when a review decision (or a pause) arrives. */
export function useTemplates(body: ListBody<typeof calls.templateList>) {
  const list = usePagedList(calls.templateList, body);
  useRefetchOnEvent(list.queryKey, (event) => event.type === 'template.updated');
  return list;
}

/** One template with its components, for the details and preview dialog; kept live like the list. */
export function useTemplateDetails(template: Template | undefined) {
  const queryKey = [calls.templateDetails.id, template?.id, template?.updated_at];
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(calls.templateDetails, { body: { id: template?.id ?? '' }, signal }),
    enabled: template !== undefined,
  });
}
