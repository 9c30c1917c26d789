import { useQuery } from '@tanstack/react-query';
import { calls, type SimCountry } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useLanguage } from '@ws/web-kit/i18n';
import type { PickerProps } from '@ws/web-kit/pickers';
import { Select } from 'antd';

/** The SIM countries named in the console's language (the server names them after Accept-Language). */
export function useSimCountries() {
  const language = useLanguage();
  return useQuery<SimCountry[]>({
    queryKey: [calls.simCountries.id, language],
    queryFn: ({ signal }) => callApi(calls.simCountries, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * A country by its name and calling code ("中国 +86"), searched as typed; its value is the ISO
 * 3166-1 alpha-2 code. Works as an antd Form control.
 */
export function CountrySelect({
  value,
  onChange,
  placeholder,
  style,
  allowClear = false,
  'data-testid': testId,
}: PickerProps & { allowClear?: boolean }) {
  const countries = useSimCountries();
  return (
    <Select<string>
      value={value ?? undefined}
      onChange={(code?: string) => onChange?.(code)}
      showSearch
      allowClear={allowClear}
      loading={countries.isLoading}
      placeholder={placeholder}
      optionFilterProp="label"
      options={(countries.data ?? []).map((entry) => ({ value: entry.code, label: `${entry.title} +${entry.value}` }))}
      style={style}
      data-testid={testId}
    />
  );
}
