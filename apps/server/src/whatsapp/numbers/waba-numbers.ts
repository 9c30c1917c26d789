import type { CloudApiClient, PhoneNumberInfo } from '../cloud-api/index.js';

/** A WABA holds a few dozen numbers at most; this bounds the listing of one. */
const WABA_PAGES = 20;

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
