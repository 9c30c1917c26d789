import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { type PickerProps, SearchSelect } from '@ws/web-kit/pickers';
import { useSession } from '@ws/web-kit/session';
import { useTranslation } from 'react-i18next';

/** Whether the signed-in user is the platform admin, who reads the Billing screens across customers. */
export const usePlatformAdmin = () => useSession()?.user.role === 'admin';

/** A customer found by its owner's username (the platform admin's filter on the Billing screens). */
export function CustomerFilter(props: PickerProps) {
  const { t } = useTranslation('billing');
  return (
    <SearchSelect
      {...props}
      style={{ width: 240, ...props.style }}
      placeholder={t('allCustomers')}
      queryKey={[calls.customers.id, 'filter']}
      notFound={t('noCustomer')}
      search={async (text, signal) => {
        const page = await callApi(calls.customers, {
          body: { page: 1, pageSize: 30, filters: text ? { username: text } : {} },
          signal,
        });
        return page.records.map((customer) => ({
          value: customer.tenant_id,
          label: `${customer.username} (${customer.tenant_id})`,
        }));
      }}
    />
  );
}
