/**
 * Recording a number that Meta has vouched for (its WABA lists it, its token answers), shared by
 * the registration's prepare and the number import: Meta's state mapped to our columns.
 */
import type pg from 'pg';
import { UNIQUE_VIOLATION } from '../../platform/db/sql-state.js';
import type { PhoneNumberInfo } from '../cloud-api/index.js';
import type { TokenCipher } from '../crypto/token-cipher.js';
import { HIGH_THROUGHPUT_PER_SECOND, LIMIT_OF_TIER } from '../webhooks/number-events.js';
import type { TargetConnection } from './cloud-api-target.js';
import { connectNumber } from './connect-number.js';
import { qualityOf, STANDARD_THROUGHPUT_PER_SECOND } from './meta-number-state.js';
import { recordMetaState } from './number-repository.js';

/** Meta's starting limit: a portfolio whose tier Meta did not report is not trusted with more. */
const DEFAULT_MESSAGING_LIMIT = 250;

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
