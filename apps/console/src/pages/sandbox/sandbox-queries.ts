import { useQuery } from '@tanstack/react-query';
import { calls, type ImportTarget } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';

/** True when this product's numbers live in its local sandbox; false for Meta or while unknown. */
export function useSandboxTarget(): boolean {
  const target = useQuery({
    queryKey: [calls.waTarget.id],
    queryFn: ({ signal }) => callApi(calls.waTarget, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return target.data?.target === 'sandbox';
}

/**
 * The choices of the "numbers live in" selector: the sandbox is offered (and chosen first) only
 * when the product runs one.
 */
export function targetChoices(sandbox: boolean, labels: { cloud: string; sandbox: string }) {
  const options: { value: ImportTarget; label: string }[] = [{ value: 'cloud', label: labels.cloud }];
  if (sandbox) options.unshift({ value: 'sandbox', label: labels.sandbox });
  return { options, initial: (sandbox ? 'sandbox' : 'cloud') as ImportTarget };
}
