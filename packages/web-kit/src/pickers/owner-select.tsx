import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../api/client.js';
import type { PickerProps } from './search-select.js';

/**
 * The users who may own what `of` names: numbers go to the tenant's admins and operators, contacts
 * also to its seats (the agents who answer them).
 */
export function OwnerSelect({
  of = 'number',
  value,
  onChange,
  placeholder,
  style,
  ...rest
}: PickerProps & { of?: 'number' | 'contact' }) {
  const { t } = useTranslation('selects');
  const call = of === 'contact' ? calls.contactAgents : calls.numberOwners;
  const owners = useQuery({
    queryKey: [call.id],
    queryFn: ({ signal }) => callApi(call, { body: {}, signal }),
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
