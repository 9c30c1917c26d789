/**
 * A text a spreadsheet would run as a formula (a leading = + - @, tab or CR) gets an apostrophe;
 * a number written as + and digits (a phone number) is no formula and stays as it is.
 */
export function sheetText(value: string | number): string | number {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) && !/^\+\d/.test(value) ? `'${value}` : value;
}

/** One CSV field: safe for a spreadsheet (sheetText), quoted when it holds a separator, quote or line break. */
export function csvField(value: string | number): string {
  const text = String(sheetText(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
