/** SQL that renders a timestamptz as ISO 8601 in UTC (`2025-01-31T08:00:00Z`), null staying null. */
export const isoTime = (expression: string): string =>
  `to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** As isoTime, with microseconds (`2025-01-31T08:00:00.123456Z`): exact enough for a keyset cursor. */
export const isoTimeMicros = (expression: string): string =>
  `to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * SQL for a timestamptz in a spreadsheet cell, in UTC to the second (`2025-01-31 08:00:00`):
 * a timestamp's own ISO output, which costs less than to_char on millions of rows.
 */
export const sheetTime = (expression: string): string => `date_trunc('second', (${expression}) at time zone 'UTC')`;
