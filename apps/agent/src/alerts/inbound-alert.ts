import type { RealtimeEvent } from '@ws/contract';

/** A customer's new message worth telling the agent about. */
export interface InboundAlert {
  numberId: string;
  contactId: string;
  preview: string;
}

/**
 * Whether a realtime event is a new message from a customer (the server sends a seat only the
 * events of its conversations and of its numbers' queue): inbound, with a contact. The agent is
 * not told of what they are reading already: the open conversation while the page is in view.
 */
export function inboundAlertOf(
  event: RealtimeEvent,
  reading: { numberId: string; contactId: string } | undefined,
  pageVisible: boolean,
): InboundAlert | null {
  if (event.type !== 'message.created' || event.data.direction !== 'in' || !event.data.contact_id) return null;
  const { number_id: numberId, contact_id: contactId, preview } = event.data;
  if (pageVisible && reading?.numberId === numberId && reading.contactId === contactId) return null;
  return { numberId, contactId, preview };
}

/** How an alert reaches the agent: a chime (unless turned off) and a desktop notification (if allowed). */
export interface AlertOutlets {
  soundOn: boolean;
  chime(): void;
  /** `open`, when given, is what clicking the notification does (opening the conversation). */
  notify(title: string, body: string, tag: string, open?: () => void): void;
}

export function announce(alert: InboundAlert, title: string, outlets: AlertOutlets, open?: () => void): void {
  if (outlets.soundOn) outlets.chime();
  outlets.notify(title, alert.preview, `${alert.numberId}/${alert.contactId}`, open);
}
