import type { LocalizedText } from '../../platform/http/errors.js';
import { AppError } from '../../platform/http/errors.js';
import {
  CloudApiError,
  classifyError,
  createCloudApiClient,
  type PhoneNumberInfo,
} from '../../whatsapp/cloud-api/index.js';
import { cloudApiFailure } from '../../whatsapp/numbers/cloud-api-failure.js';
import type { TargetConnection } from '../../whatsapp/numbers/cloud-api-target.js';
import { phoneMismatch } from '../../whatsapp/numbers/phone-mismatch.js';
import { wabaNumbers } from '../../whatsapp/numbers/waba-numbers.js';

export interface RowToVerify {
  phone: string;
  phoneNumberId: string;
  wabaId: string;
  token: string;
}

export type Verification =
  | { ok: true; info: PhoneNumberInfo }
  | {
      ok: false;
      field: string;
      message: LocalizedText;
      /** A rate limit or a passing failure: the same row may work later. */
      retryable: boolean;
    };

/**
 * Checks rows against the Cloud API with each row's own token: the phone-number id must answer
 * (which proves the id and the token), Meta's phone must be the row's, and the WABA must list the
 * number. A WABA's listing is fetched once per WABA and token for the verifier's life (one job run).
 */
export function createRowVerifier(connection: TargetConnection) {
  const listings = new Map<string, Promise<Set<string>>>();

  const wabaNumbers = (row: RowToVerify) => {
    const key = `${row.wabaId}\u0000${row.token}`;
    let listing = listings.get(key);
    if (!listing) {
      listing = listNumbersOfWaba(connection, row);
      listings.set(key, listing);
      listing.catch(() => listings.delete(key));
    }
    return listing;
  };

  return async function verify(row: RowToVerify): Promise<Verification> {
    const client = createCloudApiClient({
      baseUrl: connection.apiBaseUrl,
      version: connection.apiVersion,
      accessToken: row.token,
    });
    let info: PhoneNumberInfo;
    try {
      info = await client.getPhoneNumber(row.phoneNumberId);
    } catch (error) {
      return refused(error, 'phone_number_id', connection);
    }
    const mismatch = phoneMismatch(info, row.phone, connection.target);
    if (mismatch) return { ok: false, field: 'phone', message: mismatch, retryable: false };
    try {
      if (!(await wabaNumbers(row)).has(row.phoneNumberId)) {
        return {
          ok: false,
          field: 'waba_id',
          message: {
            zh: '该 WhatsApp Business 账户下没有这个号码',
            en: 'this WhatsApp Business account does not list the number',
          },
          retryable: false,
        };
      }
    } catch (error) {
      return refused(error, 'waba_id', connection);
    }
    return { ok: true, info };
  };
}

async function listNumbersOfWaba(connection: TargetConnection, row: RowToVerify): Promise<Set<string>> {
  const client = createCloudApiClient({
    baseUrl: connection.apiBaseUrl,
    version: connection.apiVersion,
    accessToken: row.token,
  });
  return new Set((await wabaNumbers(client, row.wabaId)).map((number) => number.id));
}

/** Meta's refusal (or no answer) as the row's reason, worded as the registration screen words it. */
function refused(error: unknown, field: string, connection: TargetConnection): Verification {
  if (!(error instanceof CloudApiError)) throw error;
  const failure = cloudApiFailure(error, field, 'token', connection.target);
  if (!(failure instanceof AppError)) throw error;
  const at = /^(\w+): /.exec(failure.text.en)?.[1] ?? field;
  const strip = (text: string) => (text.startsWith(`${at}: `) ? text.slice(at.length + 2) : text);
  return {
    ok: false,
    field: at,
    message: { zh: strip(failure.text.zh), en: strip(failure.text.en) },
    retryable: classifyError(error).backoff !== null,
  };
}
