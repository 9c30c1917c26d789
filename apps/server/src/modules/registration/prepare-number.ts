import type { PrepareNumber, RegistrationNumber } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { type CloudApiClient, createCloudApiClient, type PhoneNumberInfo } from '../../whatsapp/cloud-api/index.js';
import { cloudApiFailure } from '../../whatsapp/numbers/cloud-api-failure.js';
import { checkTarget, targetConnection } from '../../whatsapp/numbers/cloud-api-target.js';
import { connectFromMeta, connectRace } from '../../whatsapp/numbers/connect-from-meta.js';
import { liveNumberOwner, wabaOwner } from '../../whatsapp/numbers/meta-id-owner-repository.js';
import { phoneMismatch } from '../../whatsapp/numbers/phone-mismatch.js';
import { wabaNumbers } from '../../whatsapp/numbers/waba-numbers.js';
import { subscribeNewWabas } from '../../whatsapp/numbers/waba-subscription.js';
import { checkPhoneForCountry, type PhoneCheck } from './countries.js';
import { findRegistrationNumber } from './registration-repository.js';

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
  const found = (await wabaNumbers(client, wabaId)).find((number) => number.id === phoneNumberId);
  if (found) return found;
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
  caller: Scope,
  input: PrepareNumber,
): Promise<RegistrationNumber> {
  checkTarget(context, input.target);
  const digits = checkedPhone(input.country, input.phone);
  const owner = await liveNumberOwner(context.pool, input.phone_number_id);
  if (owner === caller.tenantId) throw alreadyRecorded();
  if (owner) throw otherAccount('phone_number_id');
  const waba = await wabaOwner(context.pool, input.waba_id);
  if (waba && waba.tenantId !== caller.tenantId) throw otherAccount('waba_id');

  const connection = targetConnection(context, input.target);
  const client = createCloudApiClient({
    baseUrl: connection.apiBaseUrl,
    version: connection.apiVersion,
    accessToken: input.token,
  });
  const info = await findInWaba(client, input.waba_id, input.phone_number_id).catch((error: unknown) => {
    throw cloudApiFailure(error, 'waba_id', 'token', input.target);
  });
  const mismatch = phoneMismatch(info, digits, input.target);
  if (mismatch) throw errors.invalid('phone', mismatch.zh, mismatch.en);

  let prepared: RegistrationNumber;
  try {
    prepared = await withTransaction(context.pool, async (db) => {
      const numberId = await connectFromMeta(db, context.whatsapp.tokenCipher, caller.tenantId, connection, {
        phone: digits,
        phoneNumberId: input.phone_number_id,
        wabaId: input.waba_id,
        token: input.token,
        portfolio: input.portfolio,
        wabaPortfolio: waba?.portfolioName,
        info,
        defaultStatus: 'PENDING',
      });
      return (await findRegistrationNumber(db, caller, numberId)) as RegistrationNumber;
    });
  } catch (error) {
    // Another request recorded the same number (or took the WABA) since the checks above.
    const race = connectRace(error);
    if (race === 'number') throw alreadyRecorded();
    if (race === 'waba') throw otherAccount('waba_id');
    throw error;
  }
  await subscribeNewWabas(context, caller.tenantId);
  return prepared;
}
