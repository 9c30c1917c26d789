import { useQuery } from '@tanstack/react-query';
import { calls, type PullTask } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { type ListBody, useDownload, usePagedList } from '@ws/web-kit/list';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';

/** The tenant's pull-group tasks, page by page, kept live by their events. */
export function usePullTasks(body: ListBody<typeof calls.groupPulllist>) {
  const list = usePagedList(calls.groupPulllist, body);
  useRefetchOnEvent(list.queryKey, (event) => event.type === 'pull_group.updated');
  return list;
}

/** One task with its groups and members, read again when an event says it moved. */
export function usePullDetails(id: string | undefined) {
  const queryKey = [calls.groupPulldetails.id, id];
  useRefetchOnEvent(queryKey, (event) => event.type === 'pull_group.updated' && event.data.task_id === id);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(calls.groupPulldetails, { body: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

/** Whether each chosen number may host groups, asked of Meta when the choice changes. */
export function useHostChecks(numberIds: readonly string[]) {
  return useQuery({
    queryKey: [calls.groupPullhosts.id, [...numberIds].sort().join(',')],
    queryFn: ({ signal }) => callApi(calls.groupPullhosts, { body: { numberIds: [...numberIds] }, signal }),
    enabled: numberIds.length > 0,
    staleTime: 60_000,
  });
}

/** The three exports of a task: its groups and members, its invitations, the contacts who joined. */
export function usePullDownloads() {
  const download = useDownload();
  return {
    groups: (task: PullTask) =>
      download(calls.groupPulldown, { body: { id: task.id } }, `pull-group-groups-${task.id}.csv`),
    records: (task: PullTask) =>
      download(calls.groupPulldownrec, { body: { id: task.id } }, `pull-group-invites-${task.id}.csv`),
    joined: (task: PullTask) =>
      download(calls.groupPullfansex, { body: { id: task.id } }, `pull-group-joined-${task.id}.csv`),
  };
}
