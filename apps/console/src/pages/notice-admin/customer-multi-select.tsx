import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useTypedSearch } from '@ws/web-kit/pickers';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Option {
  value: string;
  label: string;
}

/** Customers (tenants) chosen by their account or tenant id, searched on the server a page at a time. */
export function CustomerMultiSelect({
  value = [],
  onChange,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
}) {
  const { t } = useTranslation('notices');
  const [text, setTyped] = useTypedSearch();
  const byId = /^\d+$/.test(text);
  const found = useQuery({
    queryKey: [calls.customers.id, 'notice-audience', text],
    queryFn: ({ signal }) =>
      callApi(calls.customers, {
        body: { page: 1, pageSize: 30, filters: byId ? { tenantId: text } : { username: text || undefined } },
        signal,
      }),
  });
  const [chosen, setChosen] = useState<Option[]>([]);
  const offered: Option[] = (found.data?.records ?? []).map((customer) => ({
    value: customer.tenant_id,
    label: `${customer.username} (${customer.tenant_id})`,
  }));
  const kept = chosen.filter(
    (option) => value.includes(option.value) && !offered.some((o) => o.value === option.value),
  );
  return (
    <Select<string[]>
      mode="multiple"
      value={value}
      onChange={(ids) => {
        setChosen([...kept, ...offered].filter((option) => ids.includes(option.value)));
        onChange?.(ids);
      }}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder={t('customersSearch')}
      notFoundContent={found.isFetching ? undefined : t('noCustomers')}
      loading={found.isFetching}
      options={[...kept, ...offered]}
      data-testid="notice-customers"
    />
  );
}
