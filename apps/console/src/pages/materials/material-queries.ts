import { useQuery } from '@tanstack/react-query';
import { calls, type MaterialType, PAGE_SIZES } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';

/** The tenant's material tags (tag filter, form select, tags dialog). */
export function useMaterialTags() {
  return useQuery({
    queryKey: [calls.materialTagList.id],
    queryFn: ({ signal }) => callApi(calls.materialTagList, { signal }),
    staleTime: 30_000,
  });
}

/** The newest materials of a type, for an automatic reply's step select. */
export function useMaterialChoices(tp: MaterialType | undefined) {
  return useQuery({
    queryKey: [calls.materialList.id, 'choices', tp],
    queryFn: ({ signal }) =>
      callApi(calls.materialList, {
        body: { tp: tp as MaterialType, page: 1, pageSize: PAGE_SIZES[PAGE_SIZES.length - 1] },
        signal,
      }),
    enabled: tp !== undefined,
    staleTime: 10_000,
  });
}
