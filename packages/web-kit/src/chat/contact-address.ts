/**
 * How a contact is addressed on screen: its phone number (+wa_id) when it has one; a user who
 * hides their phone behind a WhatsApp username is shown as @username, or by their
 * business-scoped user id (BSUID) when no username came with it.
 */
export interface ContactIdentity {
  wa_id: string | null;
  username: string | null;
  user_id: string | null;
}

export function contactAddress(contact: ContactIdentity): string {
  if (contact.wa_id) return `+${contact.wa_id}`;
  if (contact.username) return `@${contact.username}`;
  return contact.user_id ?? '';
}
