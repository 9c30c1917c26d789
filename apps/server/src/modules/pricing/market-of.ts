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
  return parsePhoneNumberFromString(`+${waId}`)?.country ?? main;
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
  // In the North American plan (+1) the area code settles the country: one reading per area code
  // instead of one per group (up to 100 000 of them, about 1.4 s of parsing here).
  const nanpCountries = new Map<string, string>();
  for (const { sample, n } of groups) {
    const areaCode = sample.startsWith('1') ? sample.slice(0, 4) : null;
    const country = (areaCode && nanpCountries.get(areaCode)) || countryOfNumber(sample);
    if (areaCode) nanpCountries.set(areaCode, country);
    byCountry.set(country, (byCountry.get(country) ?? 0) + n);
  }
  return [...byCountry]
    .map(([country, recipients]) => ({ country, recipients }))
    .sort((a, b) => b.recipients - a.recipients || a.country.localeCompare(b.country));
}
