import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { Select } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.js';

interface SelectProps {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** How long typing must pause before the numbers are searched. */
const SEARCH_DELAY_MS = 300;
/** Numbers offered at once (a tenant may have 100 000); typing part of the phone narrows them. */
const OFFERED = 30;

/** One of the tenant's live numbers, searched by phone on the server. */
export function NumberSelect({ value, onChange, placeholder, style, ...rest }: SelectProps) {
  const { t } = useTranslation('contacts');
  const [typed, setTyped] = useState('');
  const [phone, setPhone] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setPhone(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const numbers = useQuery({
    queryKey: [calls.numberList.id, 'contact-number-select', phone],
    queryFn: ({ signal }) =>
      callApi(calls.numberList, { body: { page: 1, pageSize: OFFERED, filters: { phone } }, signal }),
  });
  const offered = (numbers.data?.records ?? []).map((number) => ({
    value: number.id,
    label: number.verified_name ? `${number.phone} (${number.verified_name})` : number.phone,
  }));
  // The chosen number keeps its label while a later search offers other numbers.
  const [chosen, setChosen] = useState<{ value: string; label: string }>();
  const options =
    chosen && value === chosen.value && !offered.some((option) => option.value === chosen.value)
      ? [chosen, ...offered]
      : offered;
  return (
    <Select<string>
      value={value ?? undefined}
      onChange={(id?: string) => {
        setChosen(options.find((option) => option.value === id));
        onChange?.(id);
      }}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder={placeholder ?? t('numberAll')}
      notFoundContent={numbers.isFetching ? undefined : t('numberSearch')}
      loading={numbers.isFetching}
      options={options}
      style={{ width: 220, ...style }}
      data-testid={rest['data-testid'] ?? 'contact-number-select'}
    />
  );
}

/** The opt-in sources the tenant's contacts have. */
export function SourceSelect({ value, onChange, placeholder, style, ...rest }: SelectProps) {
  const { t } = useTranslation('contacts');
  const sources = useQuery({
    queryKey: [calls.contactSources.id],
    queryFn: ({ signal }) => callApi(calls.contactSources, { signal }),
    staleTime: 60_000,
  });
  return (
    <Select<string>
      value={value ?? undefined}
      onChange={(source?: string) => onChange?.(source)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder ?? t('sourceAll')}
      loading={sources.isFetching}
      options={(sources.data ?? []).map((source) => ({ value: source, label: source }))}
      style={{ width: 160, ...style }}
      data-testid={rest['data-testid'] ?? 'contact-source-select'}
    />
  );
}
