import type { IpScope } from '@ws/contract';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIpGroups } from './ip-queries.js';

/** The value that stands for "no group" in a select (antd selects cannot hold null). */
export const NO_GROUP = '';

/** A group of the scope, or "no group" (value ''), chosen by name. */
export function IpGroupSelect({ scope, ...rest }: { scope: IpScope } & Omit<SelectProps<string>, 'options'>) {
  const { t } = useTranslation('ips');
  const groups = useIpGroups(scope);
  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'label' }}
      loading={groups.isFetching}
      options={[
        { value: NO_GROUP, label: t('noGroup') },
        ...(groups.data ?? []).map((group) => ({ value: group.id, label: group.name })),
      ]}
      {...rest}
    />
  );
}

/** The request's groupId of a select's value: null for "no group". */
export const groupIdOf = (value: string | undefined): string | null => (value ? value : null);
