import { formatMicros } from '@ws/contract';

/** Micro-units of USD as people read them: "-12.35" (two places; the exports keep six). */
export const usd = (micros: number) => `${micros < 0 ? '-' : ''}${formatMicros(Math.abs(micros), 2)}`;

/** A signed amount of a unit: money in USD, characters and invites as counts. */
export const amountOf = (unit: string, amount: number) =>
  unit === 'usd_micros' ? usd(amount) : amount.toLocaleString();
