import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { Select } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../api/client.js';
import type { PickerOption } from './search-select.js';

/** Numbers offered at once; typing part of the phone narrows them. */
const OFFERED = 30;
const SEARCH_DELAY_MS = 300;

/**
 * Several of the tenant's numbers (a campaign's senders), searched by phone on the server like
 * NumberSelect; the chosen ones keep their labels while a later search offers others. Works as an
 * antd Form control.
 */
export function NumberMultiSelect({
  value,
  onChange,
  placeholder,
  style,
  'data-testid': testId,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  placeholder?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('selects');
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setText(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({
    queryKey: [calls.numberList.id, 'number-multi-select', text],
    queryFn: async ({ signal }) => {
      const page = await callApi(calls.numberList, {
        body: { page: 1, pageSize: OFFERED, filters: { phone: text } },
        signal,
      });
      return page.records.map(
        (number): PickerOption => ({
          value: number.id,
          label: number.verified_name ? `${number.phone} (${number.verified_name})` : number.phone,
        }),
      );
    },
  });
  const offered = found.data ?? [];
  const [chosen, setChosen] = useState<PickerOption[]>([]);
  const kept = chosen.filter(
    (option) => value?.includes(option.value) && !offered.some((other) => other.value === option.value),
  );
  const options = [...kept, ...offered];
  return (
    <Select<string[]>
      mode="multiple"
      value={value ?? []}
      onChange={(ids) => {
        setChosen(options.filter((option) => ids.includes(option.value)));
        onChange?.(ids);
      }}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder={placeholder ?? t('numbersChoose')}
      notFoundContent={found.isFetching ? undefined : t('numberSearch')}
      loading={found.isFetching}
      options={options}
      style={{ minWidth: 260, ...style }}
      data-testid={testId}
    />
  );
}
