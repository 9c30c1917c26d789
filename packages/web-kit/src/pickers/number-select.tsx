import { calls } from '@ws/contract';
import { useTranslation } from 'react-i18next';
import { callApi } from '../api/client.js';
import { type PickerOption, type PickerProps, SearchSelect } from './search-select.js';

/** Numbers offered at once; typing part of the phone narrows them. */
const OFFERED = 30;

/** The tenant's numbers whose phone holds `phone`, a page of them, as picker options. */
export async function searchNumbers(phone: string, signal: AbortSignal): Promise<PickerOption[]> {
  const page = await callApi(calls.numberList, { body: { page: 1, pageSize: OFFERED, filters: { phone } }, signal });
  return page.records.map((number) => ({
    value: number.id,
    label: number.verified_name ? `${number.phone} (${number.verified_name})` : number.phone,
  }));
}

/** One of the tenant's numbers, searched by phone on the server; none means all numbers. */
export function NumberSelect({ placeholder, style, ...rest }: PickerProps) {
  const { t } = useTranslation('selects');
  return (
    <SearchSelect
      {...rest}
      queryKey={[calls.numberList.id, 'number-select']}
      search={searchNumbers}
      placeholder={placeholder ?? t('numberAll')}
      notFound={t('numberSearch')}
      style={{ width: 220, ...style }}
    />
  );
}
