import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';

/** What a picker takes, so that it works as an antd Form control. */
export interface PickerProps {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

export interface PickerOption {
  value: string;
  label: string;
}

/** How long typing must pause before the server is asked. */
const SEARCH_DELAY_MS = 300;

/** The text typed into a searched select, once typing has paused; and the setter for each keystroke. */
export function useTypedSearch(): [text: string, setTyped: (typed: string) => void] {
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setText(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return [text, setTyped];
}

/**
 * A select whose options the server finds by what was typed (a tenant may have 100 000 numbers, so
 * only a page of them is offered). The chosen option keeps its label while a later search offers others.
 */
export function SearchSelect({
  value,
  onChange,
  placeholder,
  style,
  queryKey,
  search,
  notFound,
  'data-testid': testId,
}: PickerProps & {
  /** The query's key; the search text is added to it. */
  queryKey: QueryKey;
  search(text: string, signal: AbortSignal): Promise<PickerOption[]>;
  /** Shown when nothing matches. */
  notFound: string;
}) {
  const [text, setTyped] = useTypedSearch();
  const found = useQuery({ queryKey: [...queryKey, text], queryFn: ({ signal }) => search(text, signal) });
  const offered = found.data ?? [];
  const [chosen, setChosen] = useState<PickerOption>();
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
      placeholder={placeholder}
      notFoundContent={found.isFetching ? undefined : notFound}
      loading={found.isFetching}
      options={options}
      style={style}
      data-testid={testId}
    />
  );
}
