/** One Cloud API client per stored number (channel check, repair, registration steps), and its failures worded. */
import type { AppContext } from '../../platform/http/context.js';
import { type CloudApiClient, createCloudApiClient, MetaApiError } from '../cloud-api/index.js';
import { loadSendingNumber, type SendingNumber } from './number-repository.js';

/** Cloud API calls in flight at once for one batch call. */
export const CLOUD_API_CONCURRENCY = 8;

/** A live number with its decrypted token and its own client; undefined when it is gone. */
export async function numberClient(
  context: AppContext,
  tenantId: string,
  numberId: string,
): Promise<{ number: SendingNumber; client: CloudApiClient } | undefined> {
  const number = await loadSendingNumber(context.pool, context.whatsapp.tokenCipher, tenantId, numberId);
  if (!number) return undefined;
  const client = createCloudApiClient({
    baseUrl: number.apiBaseUrl,
    version: number.apiVersion,
    accessToken: number.accessToken,
    proxyUrl: number.egressProxy,
  });
  return { number, client };
}

/** A failure as an operator can act on it: Meta's code, title and details, or why no answer came. */
export function describeFailure(error: unknown): string {
  if (error instanceof MetaApiError) {
    return `${error.code}: ${error.title}${error.details ? ` (${error.details})` : ''}`.slice(0, 500);
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
