import { calls, type EgressIp } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { type PickerProps, SearchSelect } from '@ws/web-kit/pickers';
import { useTranslation } from 'react-i18next';

/** IPs offered per scope; typing part of the host narrows them. */
const OFFERED = 50;

const ipLabel = (ip: EgressIp, scope: string) =>
  `${ip.host}:${ip.port} · ${scope}${ip.remark ? ` · ${ip.remark}` : ''}`;

/** An enabled egress IP of the tenant's own or of the system, searched by host on the server. */
export function IpSelect({ placeholder, ...rest }: PickerProps) {
  const { t } = useTranslation('numbers');
  return (
    <SearchSelect
      {...rest}
      queryKey={[calls.ipList.id, 'number-ip-select']}
      search={async (search, signal) => {
        const body = { page: 1, pageSize: OFFERED, filters: { enabled: true, ...(search ? { search } : {}) } };
        const [own, system] = await Promise.all([
          callApi(calls.ipList, { body: { ...body, scope: 'own' }, signal }),
          callApi(calls.ipList, { body: { ...body, scope: 'system' }, signal }),
        ]);
        return [
          ...own.records.map((ip) => ({ value: ip.id, label: ipLabel(ip, t('scopeOwn')) })),
          ...system.records.map((ip) => ({ value: ip.id, label: ipLabel(ip, t('scopeSystem')) })),
        ];
      }}
      placeholder={placeholder ?? t('ipAll')}
      notFound={t('ipSearch')}
      style={{ width: 240 }}
      data-testid={rest['data-testid'] ?? 'ip-select'}
    />
  );
}
