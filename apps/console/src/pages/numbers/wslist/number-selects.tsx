import { useQuery } from '@tanstack/react-query';
import { calls, type EgressIp } from '@ws/contract';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../api/client.js';

interface SelectProps {
  value?: string | null;
  onChange?: (id: string | undefined) => void;
  placeholder?: string;
  'data-testid'?: string;
}

/** The tenant's admins and operators, who may own numbers. */
export function OwnerSelect({ value, onChange, placeholder, ...rest }: SelectProps) {
  const { t } = useTranslation('numbers');
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
      style={{ width: 180 }}
      data-testid={rest['data-testid'] ?? 'owner-select'}
    />
  );
}

/** How long typing must pause before IPs are searched. */
const SEARCH_DELAY_MS = 300;
/** IPs offered per scope; typing part of the host narrows them. */
const OFFERED = 50;

const ipLabel = (ip: EgressIp, scope: string) =>
  `${ip.host}:${ip.port} · ${scope}${ip.remark ? ` · ${ip.remark}` : ''}`;

/** An enabled egress IP of the tenant's own or of the system, searched by host on the server. */
export function IpSelect({ value, onChange, placeholder, ...rest }: SelectProps) {
  const { t } = useTranslation('numbers');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const ips = useQuery({
    queryKey: [calls.ipList.id, 'number-ip-select', search],
    queryFn: async ({ signal }) => {
      const body = { page: 1, pageSize: OFFERED, enabled: true, ...(search ? { search } : {}) };
      const [own, system] = await Promise.all([
        callApi(calls.ipList, { body: { ...body, scope: 'own' }, signal }),
        callApi(calls.ipList, { body: { ...body, scope: 'system' }, signal }),
      ]);
      return [
        ...own.records.map((ip) => ({ value: ip.id, label: ipLabel(ip, t('scopeOwn')) })),
        ...system.records.map((ip) => ({ value: ip.id, label: ipLabel(ip, t('scopeSystem')) })),
      ];
    },
  });
  // The chosen IP keeps its label while a later search offers other IPs.
  const [chosen, setChosen] = useState<{ value: string; label: string }>();
  const offered = ips.data ?? [];
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
      placeholder={placeholder ?? t('ipAll')}
      notFoundContent={ips.isFetching ? undefined : t('ipSearch')}
      loading={ips.isFetching}
      options={options}
      style={{ width: 240 }}
      data-testid={rest['data-testid'] ?? 'ip-select'}
    />
  );
}
