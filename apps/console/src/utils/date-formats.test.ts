import { describe, expect, it } from 'vitest';

/**
 * Every screen formats dates through the web kit's date-time.ts: a page that formats on its own (the browser's
 * toLocale…String, Intl.DateTimeFormat, or a dayjs pattern) brings back mixed formats.
 */
describe('the console and the web kit', () => {
  const sources = import.meta.glob<string>(
    [
      '../**/*.{ts,tsx}',
      '../../../../packages/web-kit/src/**/*.{ts,tsx}',
      '!**/*.test.{ts,tsx}',
      '!../../../../packages/web-kit/src/utils/date-time.ts',
    ],
    {
      query: '?raw',
      import: 'default',
      eager: true,
    },
  );
  const FORMATTING = [
    /toLocale(Date|Time)String\(/,
    /Intl\.DateTimeFormat/,
    /(new Date\([^)]*\)|\bdate|\bat|\btime)\.toLocaleString\(/i,
    /['"`][^'"`]*(YYYY|HH:mm)[^'"`]*['"`]/,
  ];

  it('formats dates only through the date-time helper', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const offenders = Object.entries(sources).flatMap(([path, text]) =>
      text
        .split('\n')
        .filter((line) => FORMATTING.some((pattern) => pattern.test(line)))
        .map((line) => `${path}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
