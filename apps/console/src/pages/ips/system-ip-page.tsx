import { useTranslation } from 'react-i18next';
import { IpManager } from './ip-manager.js';

/** /ipmanager/systemip: the platform's egress IPs; the admin manages them, operators see them. */
export default function SystemIpPage() {
  const { t } = useTranslation('ips');
  return <IpManager scope="system" title={t('systemTitle')} testId="system-ip-page" />;
}
