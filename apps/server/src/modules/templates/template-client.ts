import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import type { CloudApiClient } from '../../whatsapp/cloud-api/index.js';
import { cloudApiFailure } from '../../whatsapp/numbers/cloud-api-failure.js';
import { targetOfBaseUrl } from '../../whatsapp/numbers/cloud-api-target.js';
import { numberClient } from '../../whatsapp/numbers/number-client.js';
import type { TemplateWaba } from './template-repository.js';

/** A WABA's Cloud API client (through one of its numbers), and how its refusals are worded. */
export interface WabaClient {
  waba: TemplateWaba;
  client: CloudApiClient;
  /** A Cloud API failure as the caller sees it (a 4xx naming `field`, or a 503). */
  failure(error: unknown, field: string): unknown;
}

/** The client of a WABA through its number; a 404 naming `field` when the number is gone. */
export async function wabaClient(
  context: AppContext,
  scope: Scope,
  waba: TemplateWaba,
  field: string,
): Promise<WabaClient> {
  const connection = await numberClient(context, scope.tenantId, waba.numberId);
  if (!connection) throw errors.notFound({ zh: `${field}: 号码`, en: `${field}: Number` });
  const target = targetOfBaseUrl(context, connection.number.apiBaseUrl);
  return {
    waba,
    client: connection.client,
    failure: (error, at) => cloudApiFailure(error, at, at, target),
  };
}
