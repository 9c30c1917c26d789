import { z } from 'zod';
import { Id } from './auth.js';
import { defineCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { ImportTarget } from './number-import.js';
import { listRequestOf, pageOf } from './paging.js';

/** One country of the reference list: ISO names in English and Chinese with its calling code. */
export const Country = z.object({
  english_name: z.string(),
  chinese_name: z.string(),
  /** ISO 3166-1 alpha-2, lowercase (`cn`, `us`). */
  country_code: z.string(),
  /** International calling code without `+` (86, 1). */
  phone_code: z.number().int(),
});
export type Country = z.infer<typeof Country>;

/** A country a business number may come from, for the registration screen's country select. */
export const SimCountry = z.object({
  /** The country's name in the caller's language. */
  title: z.string(),
  /** Its calling code (several countries may share one, e.g. 1 for the US and Canada). */
  value: z.number().int(),
  /** ISO 3166-1 alpha-2, uppercase: what identifies the entry. */
  code: z.string(),
});
export type SimCountry = z.infer<typeof SimCountry>;

/** Meta's object ids (phone-number id, WABA id) are decimal digits. */
const MetaId = z
  .string()
  .trim()
  .regex(/^\d{5,25}$/, "must be Meta's numeric id");
export const IsoCountry = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO country code')
  .transform((code) => code.toUpperCase());
export const CodeMethod = z.enum(['SMS', 'VOICE']);
export type CodeMethod = z.infer<typeof CodeMethod>;
/** The language of the code's text or call, as Meta names languages (`en_US`, `zh_CN`, `pt_BR`, `en`). */
export const CodeLanguage = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(_[A-Z]{2,4})?$/, 'must be a language code such as en_US');
/** The code Meta sent by SMS or voice: six digits, spaces or a hyphen between them allowed. */
export const VerificationCode = z
  .string()
  .transform((code) => code.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'must be the 6-digit code'));
/** The number's two-step verification PIN, set (or checked) when it registers. */
export const TwoStepPin = z.string().regex(/^\d{6}$/, 'must be 6 digits');

/**
 * A number the business added in WhatsApp Manager and now wants to register on the Cloud API:
 * its country and phone (checked against each other), Meta's ids and an access token that reaches
 * them. The server reads the number from Meta with the token before recording it.
 */
export const PrepareNumber = z.object({
  country: IsoCountry,
  phone: z
    .string()
    .trim()
    .min(4)
    .max(32)
    .regex(/^\+?[\d\s().-]+$/, 'must be a phone number'),
  phone_number_id: MetaId,
  waba_id: MetaId,
  token: z.string().trim().min(16).max(2048).regex(/^\S+$/, 'must not contain spaces'),
  /** Where the number lives: Meta's Cloud API, or the sandbox this product runs (as for imports). */
  target: ImportTarget.default('cloud'),
  /** The business portfolio the WABA belongs to; by default the WABA's existing one or the number's verified name. */
  portfolio: z.string().trim().min(1).max(128).optional(),
});
export type PrepareNumber = z.infer<typeof PrepareNumber>;

export const NumberRef = z.object({ numberId: Id });
export const RequestCode = NumberRef.extend({ codeMethod: CodeMethod, language: CodeLanguage.default('en_US') });
export const VerifyCode = NumberRef.extend({ code: VerificationCode });
export const RegisterNumber = NumberRef.extend({ pin: TwoStepPin });
export type NumberRef = z.infer<typeof NumberRef>;
export type RequestCode = z.infer<typeof RequestCode>;
export type VerifyCode = z.infer<typeof VerifyCode>;
export type RegisterNumber = z.infer<typeof RegisterNumber>;

/** awaiting: not (or no longer) registered on the Cloud API; registered: connected, possibly flagged or restricted. */
export const RegistrationStage = z.enum(['awaiting', 'registered']);
export type RegistrationStage = z.infer<typeof RegistrationStage>;
/** Meta's statuses of a registered number. */
export const REGISTERED_STATUSES = ['CONNECTED', 'FLAGGED', 'RESTRICTED', 'RATE_LIMITED'] as const;
/** Meta's states of a number's verification code (the field stays a string, like the status). */
export const CodeVerificationStatus = z.enum(['NOT_VERIFIED', 'VERIFIED', 'EXPIRED']);

export const RegistrationFilter = listRequestOf({
  stage: RegistrationStage.optional(),
  /** Digits anywhere in the phone number. */
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[\d\s()+-]*$/, 'may contain only digits')
    .optional(),
});
export type RegistrationFilter = z.infer<typeof RegistrationFilter>;

/** A number of the tenant with its registration state as last seen at Meta. */
export const RegistrationNumber = z.object({
  id: Id,
  /** E.164 (`+8613800138000`). */
  phone: z.string(),
  /** International format for display (`+86 138 0013 8000`). */
  display_phone: z.string(),
  /** ISO code of the phone's country, when the number is valid for one. */
  country: z.string().nullable(),
  phone_number_id: z.string(),
  waba_id: z.string(),
  verified_name: z.string(),
  /** Meta's status: PENDING (added, not registered), CONNECTED, DISCONNECTED (deregistered), FLAGGED... */
  status: z.string(),
  /** NOT_VERIFIED, VERIFIED or EXPIRED; null when never read from Meta. */
  code_verification_status: z.string().nullable(),
  stage: RegistrationStage,
  created_at: z.string(),
  updated_at: z.string(),
});
export type RegistrationNumber = z.infer<typeof RegistrationNumber>;

const registrationCall = <const D extends { id: string; path: string; summary: string }>(call: D) =>
  ({ ...call, method: 'POST', tag: 'registration', access: ['admin'] }) as const;

export const registrationCalls = {
  simCountries: defineCall({
    id: 'ws.simcountry',
    method: 'GET',
    path: '/api/ws/simcountry',
    tag: 'registration',
    summary:
      'Countries a business number may come from (regions with mobile numbering that WhatsApp Business serves), named in the caller’s language',
    access: 'signed-in',
    kind: 'read',
    reply: envelopeOf(z.array(SimCountry)),
  }),
  countries: defineCall({
    id: 'ws.country',
    method: 'GET',
    path: '/api/ws/country',
    tag: 'registration',
    summary: 'Every country with an ISO code and a calling code, in English and Chinese',
    access: 'signed-in',
    kind: 'read',
    reply: envelopeOf(z.array(Country)),
  }),
  registrationNumbers: defineCall({
    ...registrationCall({
      id: 'ws.list',
      path: '/api/ws/list',
      summary: 'The tenant’s numbers with their registration state, newest first',
    }),
    kind: 'read',
    body: RegistrationFilter,
    reply: envelopeOf(pageOf(RegistrationNumber)),
  }),
  prepareNumber: defineCall({
    ...registrationCall({
      id: 'ws.prepare',
      path: '/api/ws/prepare',
      summary: 'Record a number added in WhatsApp Manager, checked with Meta, so that it can be registered',
    }),
    kind: 'create',
    body: PrepareNumber,
    reply: envelopeOf(RegistrationNumber),
  }),
  requestCode: defineCall({
    ...registrationCall({
      id: 'ws.sendsms',
      path: '/api/ws/sendsms',
      summary: 'Ask Meta to send the number its verification code by SMS or voice call',
    }),
    kind: 'action',
    body: RequestCode,
    reply: envelopeOf(RegistrationNumber),
  }),
  verifyCode: defineCall({
    ...registrationCall({
      id: 'ws.verifycode',
      path: '/api/ws/verifycode',
      summary: 'Verify the number with the code it received',
    }),
    kind: 'action',
    body: VerifyCode,
    reply: envelopeOf(RegistrationNumber),
  }),
  registerNumber: defineCall({
    ...registrationCall({
      id: 'ws.register',
      path: '/api/ws/register',
      summary: 'Register the number on the Cloud API with its 6-digit two-step PIN',
    }),
    kind: 'action',
    body: RegisterNumber,
    reply: envelopeOf(RegistrationNumber),
  }),
  deregisterNumber: defineCall({
    ...registrationCall({
      id: 'ws.deregister',
      path: '/api/ws/deregister',
      summary: 'Deregister the number from the Cloud API (it stops sending until registered again)',
    }),
    kind: 'action',
    body: NumberRef,
    reply: envelopeOf(RegistrationNumber),
  }),
} as const;
