import { z } from 'zod';
import { defineCall } from './call.js';
import { envelopeOf } from './envelope.js';

/** What the home page (/wel/index) shows: the tenant's numbers, contacts and today's messages, from the roll-ups. */
export const HomeSummary = z.object({
  /** Numbers not in the recycle bin, per Meta status (CONNECTED, FLAGGED, ...), most first. */
  numbers_by_status: z.array(z.object({ status: z.string(), numbers: z.number().int() })),
  /** Live contacts and their consent. */
  contacts: z.object({
    total: z.number().int(),
    opted_in: z.number().int(),
    opted_out: z.number().int(),
  }),
  /** Messages of today (UTC day): sent (accepted by the Cloud API) and received. */
  messages_today: z.object({ sent: z.number().int(), received: z.number().int() }),
});
export type HomeSummary = z.infer<typeof HomeSummary>;

export const homeCalls = {
  homeSummary: defineCall({
    id: 'home.summary',
    method: 'POST',
    path: '/api/home/summary',
    tag: 'home',
    summary: "The home page's figures: numbers by status, contacts and their consent, today's messages",
    access: ['admin', 'operator'],
    kind: 'read',
    body: z.object({}),
    reply: envelopeOf(HomeSummary),
  }),
} as const;
