import { useTranslation } from 'react-i18next';
import { IpManager } from './ip-manager.js';

/** /ipmanager/myip: the tenant's own egress IPs and groups. */
export default function MyIpPage() {
  const { t } = useTranslation('ips');
  return <IpManager scope="own" title={t('myTitle')} testId="my-ip-page" />;
}
