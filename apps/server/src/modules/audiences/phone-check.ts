import type { InvalidReason, PhoneType } from '@ws/contract';
import { type CountryCode, isSupportedCountry, parsePhoneNumberWithError } from 'libphonenumber-js/max';

/** A number the check accepted: its digits as contacts keep them (E.164 without +), country and type. */
export interface ValidPhone {
  valid: true;
  waId: string;
  country: string | null;
  type: PhoneType;
}
export type PhoneVerdict = ValidPhone | { valid: false; reason: InvalidReason };

/** libphonenumber's parse errors, as the reasons a row shows. */
const PARSE_REASONS: Record<string, InvalidReason> = {
  INVALID_COUNTRY: 'no_country',
  NOT_A_NUMBER: 'not_a_number',
  TOO_SHORT: 'too_short',
  TOO_LONG: 'too_long',
  INVALID_LENGTH: 'invalid_number',
};

/** Whether libphonenumber knows the country, so national numbers can be read as its. */
export function isKnownCountry(code: string): code is CountryCode {
  return isSupportedCountry(code);
}

/**
 * Reads a number as people write it (`+86 138 0013 8000`, `(415) 555-2671`, `0044 20…`), national
 * numbers as the default country's, and says whether it is a real number of its country and of
 * what type (from libphonenumber's full metadata). Nothing here asks WhatsApp anything.
 */
export function checkPhone(written: string, defaultCountry: CountryCode | undefined): PhoneVerdict {
  const text = written.trim();
  if (text === '') return { valid: false, reason: 'empty' };
  // Digits only with a country calling code but no +, as spreadsheets keep them: read as international.
  const international = defaultCountry === undefined && /^\d{8,15}$/.test(text) ? `+${text}` : text;
  try {
    const phone = parsePhoneNumberWithError(international, defaultCountry);
    // With the full metadata a number is valid exactly when it has a type (libphonenumber's isValid
    // is getType() !== undefined there): asking both would match the type patterns twice.
    const type = phone.getType();
    if (type === undefined) {
      return { valid: false, reason: phone.isPossible() ? 'invalid_number' : lengthReason(phone.nationalNumber) };
    }
    return {
      valid: true,
      waId: phone.number.slice(1),
      country: phone.country ?? null,
      type: type.toLowerCase() as PhoneType,
    };
  } catch (error) {
    return { valid: false, reason: PARSE_REASONS[(error as Error).message] ?? 'not_a_number' };
  }
}

/** A number the metadata cannot place: short and long ones say so, others are just invalid. */
function lengthReason(nationalNumber: string): InvalidReason {
  if (nationalNumber.length < 6) return 'too_short';
  if (nationalNumber.length > 14) return 'too_long';
  return 'invalid_number';
}
