import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../api/client.js';
import type { PickerProps } from './search-select.js';

/** The tenant's admins and operators, who may own numbers and contacts. */
export function OwnerSelect({ value, onChange, placeholder, style, ...rest }: PickerProps) {
  const { t } = useTranslation('selects');
  const owners = useQuery({
    queryKey: [calls.numberOwners.id],
    queryFn: ({ signal }) => callApi(calls.numberOwners, { body: {}, signal }),
    staleTime: 60_000,
  });
  return (
    <Select<string>
      value={value ?? undefined}
      onChange={(id?: string) => onChange?.(id)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder ?? t('ownerAll')}
      loading={owners.isFetching}
      options={(owners.data ?? []).map((owner) => ({
        value: owner.id,
        label:
          owner.nickname && owner.nickname !== owner.username
            ? `${owner.nickname} (${owner.username})`
            : owner.username,
      }))}
      style={{ width: 180, ...style }}
      data-testid={rest['data-testid'] ?? 'owner-select'}
    />
  );
}
