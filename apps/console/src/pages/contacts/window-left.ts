/** Time left in a contact's 24-hour customer service window, in whole hours and minutes. */
export interface WindowLeft {
  hours: number;
  minutes: number;
}

/** What is left of a window that closes at `closesAt`; undefined once it has closed. */
export function windowLeft(closesAt: string | null, now = Date.now()): WindowLeft | undefined {
  if (!closesAt) return undefined;
  const left = Date.parse(closesAt) - now;
  if (!(left > 0)) return undefined;
  // Rounded up: a window with 30 s left still shows "1 min".
  const totalMinutes = Math.ceil(left / 60_000);
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}
