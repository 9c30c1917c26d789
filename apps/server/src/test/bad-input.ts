import { expect } from 'vitest';
import type { Reply } from './test-app.js';

/** A body a call must refuse, and what its message must match: a pattern, or the field it starts by naming. */
export type BadInput = readonly [body: any, message: RegExp | string];

const namesField = (field: string) => new RegExp(`^${field.replace(/[.[\]]/g, '\\$&')}: `);

/** Sends each bad body and expects a 400 whose message names the field (`<field>: …`) or matches the pattern. */
export async function expectBadInput(send: (body: any) => Promise<Reply>, cases: readonly BadInput[]): Promise<void> {
  for (const [body, message] of cases) {
    const reply = await send(body);
    expect(reply.status, JSON.stringify(body)).toBe(400);
    expect(reply.body.message, JSON.stringify(body)).toMatch(
      typeof message === 'string' ? namesField(message) : message,
    );
  }
}
