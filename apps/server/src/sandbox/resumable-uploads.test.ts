import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NumberView, startTestSandbox, type TestSandbox } from './test/kit.js';

let kit: TestSandbox;
let number: NumberView;

beforeEach(async () => {
  kit = await startTestSandbox();
  number = await kit.createNumber({ display_phone_number: '+1 555 078 3881', verified_name: 'Acme Shoes' });
});
afterEach(() => kit.stop());

/** A tiny PNG: the signature and a few bytes are what the sandbox checks. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 7)]);

async function raw(method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  const response = await fetch(`${kit.running.url}/v23.0/${path}`, {
    method,
    headers,
    body: body ? new Uint8Array(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Opens a session for `bytes` and answers its id. */
async function openSession(bytes: Buffer, fileType = 'image/png'): Promise<string> {
  const app = await kit.graph('GET', 'app');
  expect(app.status).toBe(200);
  const opened = await kit.graph(
    'POST',
    `${app.body.id}/uploads?file_length=${bytes.length}&file_type=${fileType}&file_name=logo.png`,
  );
  expect(opened.status).toBe(200);
  expect(opened.body.id).toMatch(/^upload:/);
  return opened.body.id;
}

const oauth = (token = number.access_token) => ({ authorization: `OAuth ${token}` });

async function uploadWhole(bytes: Buffer): Promise<string> {
  const session = await openSession(bytes);
  const done = await raw('POST', session, { ...oauth(), file_offset: '0' }, bytes);
  expect(done.status).toBe(200);
  return done.body.h;
}

describe('resumable upload sessions', () => {
  it('take the bytes in parts, report the offset, resume after it, and answer a handle', async () => {
    const session = await openSession(PNG);
    const first = await raw('POST', session, { ...oauth(), file_offset: '0' }, PNG.subarray(0, 20));
    expect(first.body).toEqual({ id: session, file_offset: 20 });
    const status = await raw('GET', session, oauth());
    expect(status.body).toEqual({ id: session, file_offset: 20 });
    const wrongOffset = await raw('POST', session, { ...oauth(), file_offset: '0' }, PNG.subarray(20));
    expect(wrongOffset.status).toBe(400);
    expect(wrongOffset.body.error.error_data.details).toBe('file_offset: must be 20, the bytes received so far');
    const rest = await raw('POST', session, { ...oauth(), file_offset: '20' }, PNG.subarray(20));
    expect(rest.body.h).toMatch(/^4:/);
    expect((await raw('GET', session, oauth())).body.file_offset).toBe(PNG.length);
  });

  it("refuse bad parameters and another business account's token", async () => {
    const app = (await kit.graph('GET', 'app')).body.id;
    const noLength = await kit.graph('POST', `${app}/uploads?file_type=image/png`);
    expect(noLength.body.error.error_data.details).toMatch(/^file_length: /);
    const badType = await kit.graph('POST', `${app}/uploads?file_length=10&file_type=text/html`);
    expect(badType.body.error.error_data.details).toMatch(/^file_type: /);
    const session = await openSession(PNG);
    const other = await kit.createNumber({ display_phone_number: '+1 555 078 3882' });
    const stranger = await raw('GET', session, oauth(other.access_token));
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.error_subcode).toBe(33);
    const tooMany = await raw(
      'POST',
      session,
      { ...oauth(number.access_token), file_offset: '0' },
      Buffer.concat([PNG, PNG]),
    );
    expect(tooMany.body.error.error_data.details).toMatch(/^body: /);
  });
});

describe('business profile with a picture', () => {
  const path = () => `${number.phone_number_id}/whatsapp_business_profile`;

  it('takes only handles this sandbox issued, and serves the picture', async () => {
    const forged = await kit.graph('POST', path(), {
      body: { messaging_product: 'whatsapp', profile_picture_handle: '4::aW1hZ2U=' },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error.error_data.details).toMatch(/^profile_picture_handle: /);
    const handle = await uploadWhole(PNG);
    const update = await kit.graph('POST', path(), {
      body: { messaging_product: 'whatsapp', profile_picture_handle: handle },
    });
    expect(update.body).toEqual({ success: true });
    const read = await kit.graph('GET', `${path()}?fields=profile_picture_url`);
    const url = read.body.data[0].profile_picture_url as string;
    const picture = await fetch(url);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await picture.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses a handle whose file is not an image, and one of another business account', async () => {
    const notImage = Buffer.from('%PDF-1.4 not a picture');
    const session = await openSession(notImage, 'application/pdf');
    const pdf = (await raw('POST', session, { ...oauth(), file_offset: '0' }, notImage)).body.h;
    const refused = await kit.graph('POST', path(), {
      body: { messaging_product: 'whatsapp', profile_picture_handle: pdf },
    });
    expect(refused.body.error.error_data.details).toBe('profile_picture_handle: the file must be a JPEG or PNG image');
    const handle = await uploadWhole(PNG);
    const other = await kit.createNumber({ display_phone_number: '+1 555 078 3883' });
    const elsewhere = await kit.graph('POST', `${other.phone_number_id}/whatsapp_business_profile`, {
      body: { messaging_product: 'whatsapp', profile_picture_handle: handle },
      number: other,
    });
    expect(elsewhere.body.error.error_data.details).toMatch(/^profile_picture_handle: /);
  });

  it('answers 80007 to as many updates as the control setting says, then takes them', async () => {
    await kit.control('POST', '/config', { limits: { profileUpdateRefusals: 2 } });
    const body = { messaging_product: 'whatsapp', about: 'Open every day' };
    for (let refusal = 0; refusal < 2; refusal++) {
      const refused = await kit.graph('POST', path(), { body });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe(80007);
    }
    expect((await kit.graph('POST', path(), { body })).body).toEqual({ success: true });
    expect((await kit.graph('GET', `${path()}?fields=about`)).body.data[0].about).toBe('Open every day');
  });

  it("names a third website and a vertical outside Meta's list", async () => {
    const third = await kit.graph('POST', path(), {
      body: {
        messaging_product: 'whatsapp',
        websites: ['https://a.example', 'https://b.example', 'https://c.example'],
      },
    });
    expect(third.body.error.error_data.details).toBe('websites: at most 2 websites');
    const vertical = await kit.graph('POST', path(), { body: { messaging_product: 'whatsapp', vertical: 'PIRACY' } });
    expect(vertical.body.error.error_data.details).toMatch(/^vertical: /);
  });
});
