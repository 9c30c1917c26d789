import { calls } from '@ws/contract';
import { type ListBody, usePagedList } from '@ws/web-kit/list';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';

/** The allocation pools, page by page, read again whenever a pool's allocation moves on. */
export function usePools(body: ListBody<typeof calls.poolList>) {
  const pools = usePagedList(calls.poolList, body);
  useRefetchOnEvent(pools.queryKey, (event) => event.type === 'pool.progress');
  return pools;
}
