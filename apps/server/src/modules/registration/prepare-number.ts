import type { PrepareNumber, RegistrationNumber } from '@ws/contract';
import type { Principal } from '../../platform/auth/principal.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { type CloudApiClient, createCloudApiClient, type PhoneNumberInfo } from '../../whatsapp/cloud-api/index.js';
import { connectNumber } from '../../whatsapp/numbers/connect-number.js';
import { LIMIT_OF_TIER } from '../../whatsapp/webhooks/number-events.js';
import { checkTarget, targetConnection } from '../number-import/import-target.js';
import { cloudApiFailure } from './cloud-api-failure.js';
import { checkPhoneForCountry, type PhoneCheck } from './countries.js';
import { findRegistrationNumber, liveNumberOwner, recordMetaState, wabaOwner } from './registration-repository.js';

/** Meta's starting limit: a portfolio whose tier Meta did not report is not trusted with more. */
const DEFAULT_MESSAGING_LIMIT = 250;
/** A WABA holds a few dozen numbers at most; this bounds the search for one. */
const WABA_PAGES = 20;
const QUALITIES = ['GREEN', 'YELLOW', 'RED'] as const;

const PHONE_PROBLEMS: Record<Exclude<PhoneCheck, { ok: true }>['problem'], { zh: string; en: string }> = {
  unserved: {
    zh: 'WhatsApp Business 平台不在该国家提供服务',
    en: 'WhatsApp Business Platform is not offered in this country',
  },
  'unknown-country': { zh: '不是已知的国家代码', en: 'is not a known country code' },
  invalid: { zh: '不是该国家的有效号码', en: 'is not a valid number of this country' },
  'other-country': { zh: '属于其他国家，请检查所选国家', en: 'belongs to another country: check the country' },
};

function checkedPhone(country: string, phone: string): string {
  const check = checkPhoneForCountry(country, phone);
  if (check.ok) return check.digits;
  const text = PHONE_PROBLEMS[check.problem];
  const field = check.problem === 'unserved' || check.problem === 'unknown-country' ? 'country' : 'phone';
  throw errors.invalid(field, text.zh, text.en);
}

/** The number as its WABA lists it: proves the WABA id, the phone-number id and the token belong together. */
async function findInWaba(client: CloudApiClient, wabaId: string, phoneNumberId: string): Promise<PhoneNumberInfo> {
  let after: string | undefined;
  for (let page = 0; page < WABA_PAGES; page += 1) {
    const listed = await client.listPhoneNumbers(wabaId, { limit: 100, ...(after ? { after } : {}) });
    const found = listed.data.find((number) => number.id === phoneNumberId);
    if (found) return found;
    if (!listed.nextCursor) break;
    after = listed.nextCursor;
  }
  throw errors.invalid(
    'phone_number_id',
    '不是该 WhatsApp Business 账户（waba_id）下的号码',
    'is not a number of this WhatsApp Business account (waba_id)',
  );
}

const alreadyRecorded = () =>
  errors.conflict({ zh: 'phone_number_id: 该号码已登记', en: 'phone_number_id: this number is already recorded' });
const otherAccount = (field: string) =>
  errors.conflict({ zh: `${field}: 已被其他账户接入`, en: `${field}: already connected to another account` });

/**
 * Records a number the business added in WhatsApp Manager so that it can be registered: the phone
 * must be valid for the country, the token must reach the WABA, the WABA must list the number, and
 * Meta's phone must be the one typed. Meta's state (status, code verification) is recorded with it.
 * A WABA the tenant already has keeps its portfolio.
 */
export async function prepareNumber(
  context: AppContext,
  caller: Principal,
  input: PrepareNumber,
): Promise<RegistrationNumber> {
  checkTarget(context, input.target);
  const digits = checkedPhone(input.country, input.phone);
  const owner = await liveNumberOwner(context.pool, input.phone_number_id);
  if (owner === caller.tenantId) throw alreadyRecorded();
  if (owner) throw otherAccount('phone_number_id');
  const waba = await wabaOwner(context.pool, input.waba_id);
  if (waba && waba.tenantId !== caller.tenantId) throw otherAccount('waba_id');

  const { apiBaseUrl, apiVersion } = targetConnection(context, input.target);
  const client = createCloudApiClient({ baseUrl: apiBaseUrl, version: apiVersion, accessToken: input.token });
  const info = await findInWaba(client, input.waba_id, input.phone_number_id).catch((error: unknown) => {
    throw cloudApiFailure(error, 'waba_id', 'token');
  });
  const metaDigits = info.display_phone_number?.replace(/\D/g, '');
  if (metaDigits && metaDigits !== digits) {
    throw errors.invalid(
      'phone',
      `与 Meta 登记的号码 ${info.display_phone_number} 不一致`,
      `does not match the number Meta has for this id (${info.display_phone_number})`,
    );
  }

  const tier = info.whatsapp_business_manager_messaging_limit ?? info.messaging_limit_tier ?? null;
  const quality = QUALITIES.find((rating) => rating === info.quality_rating) ?? 'UNKNOWN';
  try {
    return await withTransaction(context.pool, async (db) => {
      const { numberId } = await connectNumber(db, context.whatsapp.tokenCipher, caller.tenantId, {
        portfolioName: waba?.portfolioName ?? input.portfolio ?? (info.verified_name || `WABA ${input.waba_id}`),
        messagingLimit: tier && tier in LIMIT_OF_TIER ? (LIMIT_OF_TIER[tier] ?? null) : DEFAULT_MESSAGING_LIMIT,
        wabaId: input.waba_id,
        phone: digits,
        phoneNumberId: input.phone_number_id,
        accessToken: input.token,
        apiBaseUrl,
        apiVersion,
        qualityRating: quality,
        ...(info.verified_name ? { verifiedName: info.verified_name } : {}),
      });
      await recordMetaState(db, caller.tenantId, numberId, {
        status: info.status ?? 'PENDING',
        codeVerificationStatus: info.code_verification_status ?? null,
        nameStatus: info.name_status ?? null,
        messagingLimitTier: tier,
        throughputLevel: info.throughput?.level ?? null,
      });
      return (await findRegistrationNumber(db, caller.tenantId, numberId)) as RegistrationNumber;
    });
  } catch (error) {
    // Another request recorded the same number (or took the WABA) since the checks above.
    if ((error as { code?: string }).code === '23505') throw alreadyRecorded();
    if (error instanceof Error && /belongs to another tenant/.test(error.message)) throw otherAccount('waba_id');
    throw error;
  }
}
