/**
 * Country reference data for number registration, from maintained packages rather than a typed
 * table: names from `i18n-iso-countries` (ISO 3166-1, English and Chinese), calling codes and
 * number validation from `libphonenumber-js` (Google's libphonenumber metadata).
 */
import type { Country, Language, SimCountry } from '@ws/contract';
import countryNames from 'i18n-iso-countries/index.js';
import enNames from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import zhNames from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';

countryNames.registerLocale(enNames);
countryNames.registerLocale(zhNames);

/**
 * Regions where Meta does not offer the WhatsApp Business Platform: the comprehensively sanctioned
 * countries (Cuba, Iran, North Korea, Syria). Sanctioned parts of a country (Crimea, Donetsk,
 * Luhansk) have no code of their own and cannot be told apart by a phone number's country.
 */
const UNSERVED_REGIONS = new Set<string>(['CU', 'IR', 'KP', 'SY']);

interface Region {
  code: CountryCode;
  callingCode: number;
  english: string;
  chinese: string;
}

let regions: readonly Region[] | undefined;

/**
 * Every region that has both an ISO 3166-1 name and a numbering plan in libphonenumber. Those
 * without an ISO entry (Ascension, Tristan da Cunha) and ISO entries without telephones of their own
 * (Antarctica, Bouvet Island, ...) are left out: the list is a dial-code reference.
 */
function allRegions(): readonly Region[] {
  regions ??= getCountries()
    .map((code) => ({
      code,
      callingCode: Number(getCountryCallingCode(code)),
      english: countryNames.getName(code, 'en') ?? '',
      chinese: countryNames.getName(code, 'zh') ?? '',
    }))
    .filter((region) => region.english !== '' && region.chinese !== '');
  return regions;
}

let countries: Country[] | undefined;

/** The full reference list, by English name. */
export function countryList(): Country[] {
  countries ??= allRegions()
    .map((region) => ({
      english_name: region.english,
      chinese_name: region.chinese,
      country_code: region.code.toLowerCase(),
      phone_code: region.callingCode,
    }))
    .sort((a, b) => a.english_name.localeCompare(b.english_name, 'en'));
  return countries;
}

const simCountries = new Map<Language, SimCountry[]>();

/**
 * The countries a business number may come from: every region of the reference list (each has a
 * mobile numbering plan in libphonenumber, so it can receive the code by SMS, and fixed lines by
 * voice call) except those Meta does not serve. Sorted by name in the caller's language (pinyin
 * order for Chinese).
 */
export function simCountryList(language: Language): SimCountry[] {
  let list = simCountries.get(language);
  if (!list) {
    const collator = new Intl.Collator(language === 'zh' ? 'zh-Hans-CN' : 'en');
    list = allRegions()
      .filter((region) => !UNSERVED_REGIONS.has(region.code))
      .map((region) => ({
        title: language === 'zh' ? region.chinese : region.english,
        value: region.callingCode,
        code: region.code,
      }))
      .sort((a, b) => collator.compare(a.title, b.title));
    simCountries.set(language, list);
  }
  return list;
}

export type PhoneCheck =
  | { ok: true; digits: string }
  | { ok: false; problem: 'unserved' | 'unknown-country' | 'invalid' | 'other-country' };

let regionsByCallingCode: Map<string, Set<CountryCode>> | undefined;

/**
 * The regions that share `country`'s calling code, by libphonenumber's metadata: GB with GG, JE
 * and IM (+44), the NANP's US, CA and the Caribbean (+1), RU with KZ (+7)…
 */
function regionsSharingCallingCode(country: CountryCode): ReadonlySet<CountryCode> {
  if (!regionsByCallingCode) {
    regionsByCallingCode = new Map();
    for (const region of getCountries()) {
      const callingCode = getCountryCallingCode(region);
      const sharing = regionsByCallingCode.get(callingCode) ?? new Set();
      regionsByCallingCode.set(callingCode, sharing.add(region));
    }
  }
  return regionsByCallingCode.get(getCountryCallingCode(country)) ?? new Set([country]);
}

/**
 * Checks a phone number typed for a country (national or international format): it must be a
 * valid number of that country or of a region sharing its calling code. Such regions are told
 * apart only by number ranges, and people pick the main one: +44 7911 123456, the UK's classic
 * mobile example, is filed under Guernsey, and a Toronto number is Canadian with the US picked.
 * Returns its E.164 digits without `+`.
 */
export function checkPhoneForCountry(country: string, phone: string): PhoneCheck {
  if (UNSERVED_REGIONS.has(country)) return { ok: false, problem: 'unserved' };
  if (!isSupportedCountry(country)) return { ok: false, problem: 'unknown-country' };
  const parsed = parsePhoneNumberFromString(phone, country);
  if (!parsed?.isValid()) return { ok: false, problem: 'invalid' };
  if (!parsed.country || !regionsSharingCallingCode(country).has(parsed.country)) {
    return { ok: false, problem: 'other-country' };
  }
  return { ok: true, digits: parsed.number.slice(1) };
}

/** What the registration list shows of a stored phone (digits, with or without `+`). */
export function describePhone(stored: string): { phone: string; display: string; country: string | null } {
  const digits = stored.replace(/\D/g, '');
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed) return { phone: `+${digits}`, display: `+${digits}`, country: null };
  return {
    phone: parsed.number,
    display: parsed.formatInternational(),
    country: parsed.isValid() ? (parsed.country ?? null) : null,
  };
}
