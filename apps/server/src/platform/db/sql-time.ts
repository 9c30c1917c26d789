/**
 * The one format of a time in a reply: ISO 8601 in UTC with microseconds, `2025-01-31T08:00:00.123456Z`
 * (PostgreSQL's own precision, so a time read back is exactly the stored one and can key a cursor).
 * This is the SQL that renders a timestamptz so, null staying null.
 */
export const isoTime = (expression: string): string =>
  `to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A time the server holds as a Date (millisecond precision) in the reply format of isoTime. */
export const isoTimeOf = (time: Date): string => time.toISOString().replace(/Z$/, '000Z');

/**
 * SQL for a timestamptz in a spreadsheet cell, in UTC to the second (`2025-01-31 08:00:00`):
 * a timestamp's own ISO output, which costs less than to_char on millions of rows.
 */
export const sheetTime = (expression: string): string => `date_trunc('second', (${expression}) at time zone 'UTC')`;
