import type { ConversationSummary } from '@ws/contract';
import { useRealtimeEvent } from '@ws/web-kit/realtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { soundStore } from '../session/client-stores.js';
import { addressOf } from '../workspace/inbox-list.js';
import { askForNotificationsOnce, chime, notify } from './browser-outlets.js';
import { announce, inboundAlertOf } from './inbound-alert.js';

/**
 * Sound and a desktop notification on each new inbound message (not for the conversation the agent
 * is reading), and the one request for notification permission on the agent's first click.
 */
export function useInboundAlerts(
  conversations: readonly ConversationSummary[],
  reading: { numberId: string; contactId: string } | undefined,
): void {
  const { t } = useTranslation('client');
  useEffect(() => {
    const ask = () => askForNotificationsOnce();
    window.addEventListener('pointerdown', ask, { once: true });
    return () => window.removeEventListener('pointerdown', ask);
  }, []);
  useRealtimeEvent((event) => {
    const alert = inboundAlertOf(event, reading, document.visibilityState === 'visible');
    if (!alert) return;
    const known = conversations.find((row) => row.contact_id === alert.contactId);
    const name = known ? known.contact_name || addressOf(known) : '';
    announce(alert, t('newMessageFrom', { name }), { soundOn: soundStore.get(), chime, notify });
  });
}
