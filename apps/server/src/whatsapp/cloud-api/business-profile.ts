/** The number's business profile (about, description, address, email, websites, vertical, picture). */
import { type BusinessProfile, businessProfileReply, successReply } from './replies.js';
import { type GraphTransport, segment } from './transport.js';

export const BUSINESS_PROFILE_FIELDS = [
  'about',
  'address',
  'description',
  'email',
  'profile_picture_url',
  'websites',
  'vertical',
] as const;

/** What an update may set; the picture is a handle from Meta's resumable upload, not a URL. */
export interface BusinessProfileUpdate {
  about?: string;
  address?: string;
  description?: string;
  email?: string;
  websites?: string[];
  vertical?: string;
  profile_picture_handle?: string;
}

export function businessProfileApi(graph: GraphTransport) {
  return {
    async getBusinessProfile(
      phoneNumberId: string,
      fields: readonly string[] = BUSINESS_PROFILE_FIELDS,
    ): Promise<BusinessProfile> {
      const path = `${segment(phoneNumberId)}/whatsapp_business_profile`;
      const reply = await graph.expect(businessProfileReply, {
        method: 'GET',
        path,
        query: { fields: fields.join(',') },
      });
      return reply.data[0] as BusinessProfile;
    },

    async updateBusinessProfile(phoneNumberId: string, profile: BusinessProfileUpdate): Promise<void> {
      const path = `${segment(phoneNumberId)}/whatsapp_business_profile`;
      await graph.expect(successReply, { method: 'POST', path, json: { messaging_product: 'whatsapp', ...profile } });
    },
  };
}
