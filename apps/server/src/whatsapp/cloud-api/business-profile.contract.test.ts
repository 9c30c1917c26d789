/**
 * The business profile and the Resumable Upload API against the sandbox, in process: the picture
 * goes up by a session, its handle sets the profile, and Meta's 80007 arrives as a typed rate error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.js';
import { type CloudApiClient, createCloudApiClient } from './client.js';
import { MetaApiError } from './errors.js';
import { retryDecision } from './retry-policy.js';
import { closeCloudApiAgents } from './transport.js';

let running: RunningSandbox;
let client: CloudApiClient;
let phoneNumberId: string;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 3)]);

beforeAll(async () => {
  running = await startSandbox({ appSecret: 'profile-contract-secret', webhookUrl: null });
  const number = (await running.control('POST', '/numbers', {})).body as {
    phone_number_id: string;
    access_token: string;
  };
  phoneNumberId = number.phone_number_id;
  client = createCloudApiClient({ baseUrl: running.url, version: 'v23.0', accessToken: number.access_token });
});
afterAll(async () => {
  await closeCloudApiAgents();
  await running?.stop();
});

describe('resumable upload', () => {
  it('uploads a file by a session and answers its handle', async () => {
    const handle = await client.uploadFile({ bytes: PNG, fileType: 'image/png', fileName: 'logo.png' });
    expect(handle).toMatch(/^4:/);
  });

  it('resumes a session from the offset it reports', async () => {
    const session = await client.openUploadSession(await client.appId(), { fileType: 'image/png', length: PNG.length });
    expect(await client.uploadBytes(session, PNG.subarray(0, 30), 0)).toBeUndefined();
    const offset = await client.uploadOffset(session);
    expect(offset).toBe(30);
    expect(await client.uploadBytes(session, PNG, offset)).toMatch(/^4:/);
  });
});

describe('business profile', () => {
  it('sets every field and the picture, then reads them back', async () => {
    const handle = await client.uploadFile({ bytes: PNG, fileType: 'image/png' });
    await client.updateBusinessProfile(phoneNumberId, {
      about: 'Fresh bread daily',
      description: 'Sourdough since 1990',
      address: '1 Baker St',
      email: 'hello@bakery.example',
      websites: ['https://bakery.example', 'https://shop.bakery.example'],
      vertical: 'RETAIL',
      profile_picture_handle: handle,
    });
    const profile = await client.getBusinessProfile(phoneNumberId);
    expect(profile).toMatchObject({ about: 'Fresh bread daily', vertical: 'RETAIL', address: '1 Baker St' });
    const picture = await fetch(profile.profile_picture_url as string);
    expect(Buffer.from(await picture.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('meets 80007 as a rate error to retry later', async () => {
    await running.control('POST', '/config', { limits: { profileUpdateRefusals: 1 } });
    const error = await client.updateBusinessProfile(phoneNumberId, { about: 'Later' }).catch((failure) => failure);
    expect(error).toBeInstanceOf(MetaApiError);
    expect((error as MetaApiError).code).toBe(80007);
    expect(retryDecision(error, 0).kind).toBe('rate');
    await client.updateBusinessProfile(phoneNumberId, { about: 'Later' });
  });
});
