import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { Select } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchNumbers } from './number-select.js';
import { type PickerOption, useTypedSearch } from './search-select.js';

/**
 * Several of the tenant's numbers (a campaign's senders), searched by phone on the server like
 * NumberSelect; the chosen ones keep their labels while a later search offers others. Works as an
 * antd Form control. `known` labels numbers the value holds from the start (an edited record's).
 */
export function NumberMultiSelect({
  value,
  onChange,
  placeholder,
  style,
  known,
  'data-testid': testId,
}: {
  known?: readonly PickerOption[];
  value?: string[];
  onChange?: (ids: string[]) => void;
  placeholder?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('selects');
  const [text, setTyped] = useTypedSearch();
  const found = useQuery({
    queryKey: [calls.numberList.id, 'number-multi-select', text],
    queryFn: ({ signal }) => searchNumbers(text, signal),
  });
  const offered = found.data ?? [];
  const [chosen, setChosen] = useState<PickerOption[]>(() => [...(known ?? [])]);
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
