import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/metadata.min.json';

/** Unknown: no calling code matches, or the code is non-geographic (+800, +882, …). */
export const UNKNOWN_COUNTRY = 'ZZ';

/** The countries of each calling code, the main one first (libphonenumber's metadata). */
const countriesByCode = new Map<string, readonly string[]>(Object.entries(metadata.country_calling_codes));

/** The calling code a number of digits starts with: calling codes are prefix-free, 1 to 3 digits. */
function callingCodeOf(digits: string): string | null {
  return [1, 2, 3].map((length) => digits.slice(0, length)).find((code) => countriesByCode.has(code)) ?? null;
}

// The parse of a shared code's number costs 0.05–0.1 ms (libphonenumber tries each country's
// patterns) and the wallet asks for every delivered message, so answers are kept, in memos
// cleared when full (bounded memory): a +1 number's country by its area code (the North American
// plan gives each area code to one country); any other shared code's by the number's first
// PREFIX_DIGITS digits (calling code and national prefix: +44 1481 Guernsey, +39 06698 Vatican),
// which a random sweep of libphonenumber's numbers found to settle the country everywhere but +7,
// where Russia and Kazakhstan share prefixes (+7 87…) and the whole number is the key. Only a
// number libphonenumber placed speaks for its prefix (an invalid one falls back to the main country).
const nanpCountryByAreaCode = new Map<string, string>();
const countryByPrefix = new Map<string, string>();
const PREFIX_DIGITS = 8;
const MEMO_LIMIT = 50_000;

/**
 * The country of a WhatsApp number (its `wa_id`: digits, calling code first), as Meta reads a
 * recipient's market from it: the only country of its calling code, or, for a code several
 * countries share (+1, +7, +44, …), libphonenumber's reading of the whole number (+1 876 is
 * Jamaica, not the United States), else the code's main country.
 */
export function countryOfNumber(waId: string): string {
  const code = callingCodeOf(waId);
  const countries = code ? countriesByCode.get(code) : undefined;
  const main = countries?.[0];
  if (!countries || !main || main === '001') return UNKNOWN_COUNTRY;
  if (countries.length === 1) return main;
  const areaCode = code === '1' && waId.length === 11 ? waId.slice(0, 4) : null;
  const prefix = code === '1' ? null : code === '7' ? waId : waId.slice(0, PREFIX_DIGITS);
  const known = (areaCode && nanpCountryByAreaCode.get(areaCode)) || (prefix && countryByPrefix.get(prefix));
  if (known) return known;
  const read = parsePhoneNumberFromString(`+${waId}`)?.country;
  if (!read) return main;
  if (areaCode) nanpCountryByAreaCode.set(areaCode, read);
  if (prefix) {
    if (countryByPrefix.size >= MEMO_LIMIT) countryByPrefix.clear();
    countryByPrefix.set(prefix, read);
  }
  return read;
}

/**
 * The number of digits that settles a number's country for the forecast's grouping: the calling
 * code and the area or mobile prefix a shared code's countries differ by (+1 876, +44 1481, +7 7).
 */
export const COUNTRY_PREFIX_DIGITS = 6;

/**
 * Recipients per country from groups of numbers sharing their first digits, each with one of
 * its numbers (any: the prefix settles the country), most recipients first.
 */
export function recipientsByCountry(groups: readonly { sample: string; n: number }[]) {
  const byCountry = new Map<string, number>();
  for (const { sample, n } of groups) {
    const country = countryOfNumber(sample);
    byCountry.set(country, (byCountry.get(country) ?? 0) + n);
  }
  return [...byCountry]
    .map(([country, recipients]) => ({ country, recipients }))
    .sort((a, b) => b.recipients - a.recipients || a.country.localeCompare(b.country));
}
