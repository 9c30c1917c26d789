import type { CurrentProfile } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { CLOUD_API_CONCURRENCY, describeFailure, numberClient } from '../../whatsapp/numbers/number-client.js';
import { currentProfileOf, profileDifferences } from './profile-fields.js';
import { liveNumberPhones } from './profile-run-repository.js';
import { selectProfileSetFields } from './profile-set-repository.js';

/**
 * Each named number's profile as the Cloud API answers it now, with the set's fields it does not
 * show; a number whose profile cannot be read says why instead. Numbers not the caller's are left
 * out (none left: a 404 naming the field).
 */
export async function currentProfiles(
  context: AppContext,
  scope: Scope,
  setId: string,
  numberIds: string[],
): Promise<CurrentProfile[]> {
  const set = await selectProfileSetFields(context.pool, scope, setId);
  if (!set) throw errors.notFound({ zh: 'setId: 资料模板', en: 'setId: Profile set' });
  const numbers = await liveNumberPhones(context.pool, scope, numberIds);
  if (numbers.length === 0) throw errors.notFound({ zh: 'numberIds: 号码', en: 'numberIds: Number' });
  const results: CurrentProfile[] = new Array(numbers.length);
  let next = 0;
  const worker = async () => {
    while (next < numbers.length) {
      const index = next++;
      results[index] = await readOne(context, scope, numbers[index] as { id: string; phone: string }, set.fields);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CLOUD_API_CONCURRENCY, numbers.length) }, worker));
  return results;
}

async function readOne(
  context: AppContext,
  scope: Scope,
  { id: numberId, phone }: { id: string; phone: string },
  fields: NonNullable<Awaited<ReturnType<typeof selectProfileSetFields>>>['fields'],
): Promise<CurrentProfile> {
  const connection = await numberClient(context, scope.tenantId, numberId);
  if (!connection) return { number_id: numberId, phone, profile: null, differences: [], error: 'number removed' };
  const { client, number } = connection;
  try {
    const profile = currentProfileOf(await client.getBusinessProfile(number.phoneNumberId));
    const differences = profileDifferences(fields, fields.pictureUploadId !== null, profile);
    return { number_id: numberId, phone: phone, profile, differences, error: '' };
  } catch (error) {
    return { number_id: numberId, phone: phone, profile: null, differences: [], error: describeFailure(error) };
  }
}
