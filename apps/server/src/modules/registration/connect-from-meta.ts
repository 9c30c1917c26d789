/**
 * Recording a number that Meta has vouched for (its WABA lists it, its token answers), shared by
 * the registration's prepare and the number import: Meta's state mapped to our columns.
 */
import type pg from 'pg';
import { UNIQUE_VIOLATION } from '../../platform/db/sql-state.js';
import type { CloudApiClient, PhoneNumberInfo } from '../../whatsapp/cloud-api/index.js';
import type { TokenCipher } from '../../whatsapp/crypto/token-cipher.js';
import { connectNumber } from '../../whatsapp/numbers/connect-number.js';
import { HIGH_THROUGHPUT_PER_SECOND, LIMIT_OF_TIER } from '../../whatsapp/webhooks/number-events.js';
import type { TargetConnection } from '../number-import/import-target.js';
import { recordMetaState } from './registration-repository.js';

/** Meta's starting limit: a portfolio whose tier Meta did not report is not trusted with more. */
const DEFAULT_MESSAGING_LIMIT = 250;
/** A WABA holds a few dozen numbers at most; this bounds the listing of one. */
const WABA_PAGES = 20;
const QUALITIES = ['GREEN', 'YELLOW', 'RED'] as const;
const STANDARD_THROUGHPUT_PER_SECOND = 80;
/** Meta's throughput levels in messages per second (STANDARD is the column's default). */
export const THROUGHPUT_OF_LEVEL: Record<string, number> = {
  STANDARD: STANDARD_THROUGHPUT_PER_SECOND,
  HIGH: HIGH_THROUGHPUT_PER_SECOND,
};

/** Meta's quality rating as the column keeps it: anything else is UNKNOWN. */
export const qualityOf = (rating: string | undefined) =>
  QUALITIES.find((quality) => quality === rating?.toUpperCase()) ?? 'UNKNOWN';

/** The numbers a WABA lists, as the WABA's token sees them. */
export async function wabaNumbers(client: CloudApiClient, wabaId: string): Promise<PhoneNumberInfo[]> {
  const numbers: PhoneNumberInfo[] = [];
  let after: string | undefined;
  for (let page = 0; page < WABA_PAGES; page += 1) {
    const listed = await client.listPhoneNumbers(wabaId, { limit: 100, ...(after ? { after } : {}) });
    numbers.push(...listed.data);
    if (!listed.nextCursor) break;
    after = listed.nextCursor;
  }
  return numbers;
}

/** Why the row's phone is not the one Meta has for the id (its display number's digits differ); undefined when it is. */
export function phoneMismatch(info: PhoneNumberInfo, digits: string): { zh: string; en: string } | undefined {
  const shown = info.display_phone_number;
  const metaDigits = shown?.replace(/\D/g, '');
  if (!metaDigits || metaDigits === digits) return undefined;
  return { zh: `与 Meta 登记的号码 ${shown} 不一致`, en: `does not match the number Meta has for this id (${shown})` };
}

export interface VouchedNumber {
  phone: string;
  phoneNumberId: string;
  wabaId: string;
  token: string;
  /** The portfolio named by the caller, used when the tenant does not have the WABA yet. */
  portfolio?: string | null | undefined;
  /** The portfolio of the WABA when the tenant already has it. */
  wabaPortfolio?: string | undefined;
  info: PhoneNumberInfo;
  /** The status recorded when Meta reported none. */
  defaultStatus: string;
}

/** connectNumber with Meta's state (quality, tier, throughput, status), in the caller's transaction. */
export async function connectFromMeta(
  db: pg.PoolClient,
  cipher: TokenCipher,
  tenantId: string,
  connection: TargetConnection,
  number: VouchedNumber,
): Promise<string> {
  const { info } = number;
  const tier = info.whatsapp_business_manager_messaging_limit ?? info.messaging_limit_tier ?? null;
  const throughputLevel = info.throughput?.level ?? null;
  const { numberId } = await connectNumber(db, cipher, tenantId, {
    portfolioName: number.wabaPortfolio ?? number.portfolio ?? (info.verified_name || `WABA ${number.wabaId}`),
    messagingLimit: tier && tier in LIMIT_OF_TIER ? (LIMIT_OF_TIER[tier] ?? null) : DEFAULT_MESSAGING_LIMIT,
    wabaId: number.wabaId,
    phone: number.phone,
    phoneNumberId: number.phoneNumberId,
    accessToken: number.token,
    apiBaseUrl: connection.apiBaseUrl,
    apiVersion: connection.apiVersion,
    qualityRating: qualityOf(info.quality_rating),
    throughputPerSecond: throughputLevel === 'HIGH' ? HIGH_THROUGHPUT_PER_SECOND : STANDARD_THROUGHPUT_PER_SECOND,
    ...(info.verified_name ? { verifiedName: info.verified_name } : {}),
  });
  await recordMetaState(db, tenantId, numberId, {
    status: info.status ?? number.defaultStatus,
    codeVerificationStatus: info.code_verification_status ?? null,
    nameStatus: info.name_status ?? null,
    messagingLimitTier: tier,
    throughputLevel,
  });
  return numberId;
}

/**
 * What a unique violation while connecting means: another request recorded the same number
 * (`number`), or another tenant took the WABA (`waba`); undefined for any other error.
 */
export function connectRace(error: unknown): 'number' | 'waba' | undefined {
  if ((error as { code?: string }).code === UNIQUE_VIOLATION) return 'number';
  if (error instanceof Error && /belongs to another tenant/.test(error.message)) return 'waba';
  return undefined;
}
