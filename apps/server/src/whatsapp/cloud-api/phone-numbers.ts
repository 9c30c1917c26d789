/**
 * A number's state at Meta (quality, throughput, messaging limit, name review, registration status),
 * the WABA's number list, and the registration flow: request code, verify code, register, deregister.
 */
import { type Page, type PhoneNumberInfo, pageOf, phoneNumberInfo, successReply, toPage } from './replies.js';
import { type GraphTransport, segment } from './transport.js';

export const PHONE_NUMBER_FIELDS = [
  'id',
  'display_phone_number',
  'verified_name',
  'quality_rating',
  'throughput',
  'messaging_limit_tier',
  'whatsapp_business_manager_messaging_limit',
  'name_status',
  'status',
  'code_verification_status',
] as const;

const phoneNumberPage = pageOf(phoneNumberInfo);

export function phoneNumbersApi(graph: GraphTransport) {
  const post = (phoneNumberId: string, action: string, json: Record<string, unknown>) =>
    graph.expect(successReply, { method: 'POST', path: `${segment(phoneNumberId)}/${action}`, json });

  return {
    getPhoneNumber(phoneNumberId: string, fields: readonly string[] = PHONE_NUMBER_FIELDS): Promise<PhoneNumberInfo> {
      const query = { fields: fields.join(',') };
      return graph.expect(phoneNumberInfo, { method: 'GET', path: segment(phoneNumberId), query });
    },

    async listPhoneNumbers(
      wabaId: string,
      options: { limit?: number; after?: string; fields?: readonly string[] } = {},
    ): Promise<Page<PhoneNumberInfo>> {
      const path = `${segment(wabaId)}/phone_numbers`;
      const query = {
        fields: (options.fields ?? PHONE_NUMBER_FIELDS).join(','),
        limit: options.limit,
        after: options.after,
      };
      return toPage(await graph.expect(phoneNumberPage, { method: 'GET', path, query }));
    },

    /** Sends the verification code to the number by SMS or voice call, in `language` (e.g. `en_US`). */
    async requestCode(
      phoneNumberId: string,
      request: { codeMethod: 'SMS' | 'VOICE'; language: string },
    ): Promise<void> {
      await post(phoneNumberId, 'request_code', { code_method: request.codeMethod, language: request.language });
    },

    async verifyCode(phoneNumberId: string, code: string): Promise<void> {
      await post(phoneNumberId, 'verify_code', { code });
    },

    /** Registers the number for Cloud API use, setting (or checking) its 6-digit two-step PIN. */
    async register(phoneNumberId: string, request: { pin: string; dataLocalizationRegion?: string }): Promise<void> {
      await post(phoneNumberId, 'register', {
        messaging_product: 'whatsapp',
        pin: request.pin,
        ...(request.dataLocalizationRegion ? { data_localization_region: request.dataLocalizationRegion } : {}),
      });
    },

    async deregister(phoneNumberId: string): Promise<void> {
      await post(phoneNumberId, 'deregister', {});
    },
  };
}
