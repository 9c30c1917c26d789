/**
 * Who wrote: the contact an inbound message belongs to, found by the sender's phone number
 * (wa_id) or business-scoped user id (BSUID), created when new (docs/decisions/0012). The rules:
 * - match by wa_id when the webhook has one, else by the BSUID of the number's portfolio;
 * - when both arrive and name one contact that lacks one of them, the contact gains it;
 * - when both arrive and name two different contacts, nothing is merged: the message goes to the
 *   wa_id's contact and a note on the event says which two contacts Meta names as one person
 *   (merging would move another person's history and consent if Meta's pairing were wrong, and
 *   cannot be undone; an operator can still merge them by hand);
 * - a BSUID that differs from the one a contact already holds for the same portfolio is not
 *   replaced (Meta announces a changed BSUID with user_changed_user_id), but noted.
 */
import type { InboundMessage, WebhookContact } from '../meta/webhook-payload.js';
import { contactCandidates, insertContact, updateContact } from './contact-repository.js';
import type { KnownNumber } from './directory.js';
import { type Work, withoutNul } from './work.js';

/** The sender of an inbound message as the webhook names them. */
export interface Sender {
  waId: string | null;
  userId: string | null;
  username: string | null;
  profileName: string;
}

/** The sender of `message`: its from / from_user_id, with the name and username of its entry in `contacts`. */
export function senderOf(contacts: readonly WebhookContact[] | undefined, message: InboundMessage): Sender {
  const waId = message.from ?? null;
  const userId = message.from_user_id ?? null;
  const contact =
    contacts?.find(
      (candidate) => (waId !== null && candidate.wa_id === waId) || (userId !== null && candidate.user_id === userId),
    ) ?? (contacts?.length === 1 ? contacts[0] : undefined);
  const username = contact?.profile?.username;
  return {
    waId,
    // A webhook that names the user only in contacts (no from_user_id) still gives the BSUID.
    userId: userId ?? (waId === null || contact?.wa_id === waId ? (contact?.user_id ?? null) : null),
    username: username ? withoutNul(username) : null,
    profileName: withoutNul(contact?.profile?.name ?? ''),
  };
}

/** What the sender's message does to the contact: its times, and whether it reopens a deleted contact. */
export interface Touch {
  at: Date;
  /** The user wrote (not a system notice, not a group message): opens the window, restores a deleted contact. */
  fromUser: boolean;
}

/**
 * The contact of a sender with a BSUID, created or completed as the rules above say; notes say what
 * was not done. (Phone-only senders are stored a batch at a time: `upsertContactsByWaId`.)
 */
export async function upsertSender(
  work: Work,
  number: KnownNumber,
  sender: Sender & { userId: string },
  touch: Touch,
): Promise<{ contactId: string; ownerUserId: string | null; notes: string[] }> {
  for (let attempt = 0; ; attempt += 1) {
    const rows = await contactCandidates(work.client, number.tenantId, sender.waId, number.portfolioId, sender.userId);
    const byWaId = sender.waId === null ? undefined : rows.find((row) => row.wa_id === sender.waId);
    const byUserId = rows.find((row) => row.user_id === sender.userId && row.user_portfolio_id === number.portfolioId);
    const notes: string[] = [];
    // A wa_id names the contact when there is one; a BSUID only when no wa_id came or its contact has no other phone.
    let target = byWaId;
    if (!target && byUserId && (sender.waId === null || byUserId.wa_id === null)) target = byUserId;
    if (byWaId && byUserId && byWaId.id !== byUserId.id) {
      notes.push(
        `wa_id ${sender.waId} (contact ${byWaId.id}) and user_id ${sender.userId} (contact ${byUserId.id}) name one person: contacts not merged`,
      );
    } else if (!byWaId && byUserId && target !== byUserId) {
      notes.push(
        `user_id ${sender.userId} belongs to contact ${byUserId.id} with wa_id ${byUserId.wa_id}: new contact for wa_id ${sender.waId}`,
      );
    }
    const fillUserId = !byUserId && (target === undefined || target.user_id === null);
    if (target?.user_id && !byUserId && target.user_portfolio_id === number.portfolioId) {
      notes.push(`contact ${target.id} keeps user_id ${target.user_id}; webhook gave ${sender.userId}`);
    }
    const identity = {
      waId: target === undefined || target.wa_id === null ? sender.waId : null,
      userId: fillUserId ? sender.userId : null,
    };
    const stored = target
      ? await updateContact(work.client, number, target.id, identity, sender, touch)
      : await insertContact(work.client, number, identity, sender, touch);
    // Another transaction took one of the identities between the look and the write: look again.
    if (stored !== null) return { contactId: stored.id, ownerUserId: stored.owner_user_id, notes };
    if (attempt > 0) throw new Error(`contact of user_id ${sender.userId} changed twice while being stored`);
  }
}
