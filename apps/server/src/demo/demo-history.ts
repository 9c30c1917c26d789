/**
 * When things happened to each demo contact, so the demo tells one consistent story over about
 * six weeks: the business connected its numbers first, people signed up (ticking the consent box
 * as they did) on days spread over the weeks with more of them lately, a chat starts after its
 * contact exists, and an opt-out comes after the opt-in and after the chat. Deterministic: the
 * same index gives the same times relative to `now`.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How far back the demo's history reaches. */
export const DEMO_HISTORY_DAYS = 42;
/** Time between two messages of a demo chat. */
export const DEMO_CHAT_STEP_MS = 4 * MINUTE;

/** A fraction in [0, 1) that looks random but is fixed for the index and the salt. */
const spread = (index: number, salt: number) => ((((index + 1) * 0.618_033_988_75 + salt * 0.414_213_562) % 1) + 1) % 1;

export interface ContactTimeline {
  createdAt: Date;
  /** The consent box was ticked when the person signed up; null without consent. */
  optedInAt: Date | null;
  /** The first message of the contact's chat, if it has one. */
  chatStart: Date | null;
  optedOutAt: Date | null;
}

/** When the demo's numbers were connected: before any contact. */
export function demoNumbersConnectedAt(now: number): Date {
  return new Date(now - (DEMO_HISTORY_DAYS + 3) * DAY);
}

export function contactTimeline(
  index: number,
  now: number,
  contact: { consent: boolean; optedOut: boolean; chatSteps: number },
): ContactTimeline {
  // Somewhat more sign-ups lately than six weeks ago, as a growing business sees.
  let age = DEMO_HISTORY_DAYS * DAY * spread(index, 1) ** 1.2 + 5 * MINUTE;
  const chatLength = contact.chatSteps * DEMO_CHAT_STEP_MS;
  // Someone who gave consent writes a few hours after signing up; someone who did not is a
  // contact because they wrote, so their chat starts when they became a contact.
  const chatGap = contact.consent ? (1 + (index % 13)) * HOUR : 0;
  // The chat and a later opt-out must both fit before now.
  if (contact.chatSteps > 0) age = Math.max(age, chatGap + chatLength + 2 * HOUR);
  const createdAt = now - age;
  const chatStart = contact.chatSteps > 0 ? createdAt + chatGap : null;
  const quietFrom = chatStart === null ? createdAt : chatStart + chatLength;
  const optedOutAt = contact.optedOut
    ? quietFrom + Math.max(MINUTE, (now - quietFrom) * (0.3 + 0.5 * spread(index, 2)))
    : null;
  return {
    createdAt: new Date(createdAt),
    optedInAt: contact.consent ? new Date(createdAt) : null,
    chatStart: chatStart === null ? null : new Date(chatStart),
    optedOutAt: optedOutAt === null ? null : new Date(optedOutAt),
  };
}
