import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.js';

/** How long typing must pause before the numbers are searched. */
const SEARCH_DELAY_MS = 300;
/** Numbers offered at once; typing part of the phone narrows them. */
const OFFERED = 30;

/** Picks one of the tenant's numbers by phone (searched on the server), or none for all numbers. */
export function NumberFilter({ value, onChange }: { value?: string; onChange(numberId: string | undefined): void }) {
  const { t } = useTranslation('census');
  const [typed, setTyped] = useState('');
  const [phone, setPhone] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setPhone(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const numbers = useQuery({
    queryKey: [calls.numberList.id, 'census-filter', phone],
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
    <Select
      value={value}
      onChange={(numberId?: string) => {
        setChosen(options.find((option) => option.value === numberId));
        onChange(numberId);
      }}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder={t('allNumbers')}
      notFoundContent={numbers.isFetching ? undefined : t('searchNumber')}
      loading={numbers.isFetching}
      options={options}
      style={{ width: 240 }}
      data-testid="census-number-filter"
    />
  );
}
