import { useRealtimeEvent } from '@ws/web-kit/realtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { soundStore } from '../session/client-stores.js';
import { conversationPath } from '../workspace/conversation-keys.js';
import { customerName } from '../workspace/inbox-row.js';
import type { InboxRow } from '../workspace/use-inbox.js';
import { askForNotificationsOnce, chime, notify } from './browser-outlets.js';
import { announce, inboundAlertOf } from './inbound-alert.js';

/**
 * Sound and a desktop notification on each new inbound message (not for the conversation the agent
 * is reading; clicking it opens the conversation when the inbox lists it), and the one request for
 * notification permission on the agent's first click.
 */
export function useInboundAlerts(
  conversations: readonly InboxRow[],
  reading: () => { number_id: string; contact_id: string } | undefined,
): void {
  const { t } = useTranslation('client');
  const navigate = useNavigate();
  useEffect(() => {
    const ask = () => askForNotificationsOnce();
    window.addEventListener('pointerdown', ask, { once: true });
    return () => window.removeEventListener('pointerdown', ask);
  }, []);
  useRealtimeEvent((event) => {
    const read = reading();
    const open = read ? { numberId: read.number_id, contactId: read.contact_id } : undefined;
    const alert = inboundAlertOf(event, open, document.visibilityState === 'visible');
    if (!alert) return;
    const known = conversations.find((row) => row.number_id === alert.numberId && row.contact_id === alert.contactId);
    announce(
      alert,
      t('newMessageFrom', { name: known ? customerName(known) : '' }),
      { soundOn: soundStore.get(), chime, notify },
      known ? () => void navigate(conversationPath(known.id)) : undefined,
    );
  });
}
