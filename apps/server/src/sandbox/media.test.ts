import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NumberView, startTestSandbox, type TestSandbox } from './test/kit.js';

let kit: TestSandbox;
let number: NumberView;

beforeEach(async () => {
  kit = await startTestSandbox();
  number = await kit.createNumber();
});
afterEach(() => kit.stop());

function uploadForm(data: Buffer, type: string, filename = 'file.bin', product = 'whatsapp') {
  const form = new FormData();
  form.append('messaging_product', product);
  form.append('type', type);
  form.append('file', new Blob([new Uint8Array(data)], { type }), filename);
  return form;
}

const download = (url: string, token: string | null) =>
  fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('media', () => {
  it('is uploaded, looked up, downloaded with the same token and deleted', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% invoice 17\n%%EOF\n');
    const uploaded = await kit.graph('POST', `${number.phone_number_id}/media`, {
      form: uploadForm(pdf, 'application/pdf', 'invoice.pdf'),
    });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toEqual({ id: expect.stringMatching(/^\d+$/) });
    const info = await kit.graph('GET', `${uploaded.body.id}?phone_number_id=${number.phone_number_id}`);
    expect(info.body).toEqual({
      messaging_product: 'whatsapp',
      url: expect.stringContaining('/whatsapp_business/attachments/?mid='),
      mime_type: 'application/pdf',
      sha256: createHash('sha256').update(pdf).digest('base64'),
      file_size: pdf.length,
      id: uploaded.body.id,
    });
    const file = await download(info.body.url, number.access_token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(pdf);
    expect((await download(info.body.url, null)).status).toBe(401);
    expect((await kit.graph('DELETE', uploaded.body.id)).body).toEqual({ success: true });
    expect((await kit.graph('GET', uploaded.body.id)).body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('refuses types and sizes Meta does not take (131053), and forms without the file', async () => {
    const exe = await kit.graph('POST', `${number.phone_number_id}/media`, {
      form: uploadForm(Buffer.from('MZ'), 'application/x-msdownload'),
    });
    expect(exe.body.error).toMatchObject({ code: 131053, error_data: { details: expect.stringMatching(/^type: /) } });
    const bigSticker = await kit.graph('POST', `${number.phone_number_id}/media`, {
      form: uploadForm(Buffer.alloc(600 * 1024), 'image/webp'),
    });
    expect(bigSticker.body.error.error_data.details).toMatch(/^file: .* over the/);
    const noFile = new FormData();
    noFile.append('messaging_product', 'whatsapp');
    noFile.append('type', 'image/png');
    expect((await kit.graph('POST', `${number.phone_number_id}/media`, { form: noFile })).body.error.code).toBe(131008);
    const json = await kit.graph('POST', `${number.phone_number_id}/media`, {
      body: { messaging_product: 'whatsapp' },
    });
    expect(json.body.error.code).toBe(100);
  });

  it("of a customer's inbound image can be downloaded by the product", async () => {
    const inbound = await kit.control('POST', '/inbound', {
      phone_number_id: number.phone_number_id,
      from: '16505550100',
      type: 'image',
      caption: 'my receipt',
    });
    expect(inbound.body.message).toMatchObject({
      type: 'image',
      image: { id: expect.any(String), mime_type: 'image/png', caption: 'my receipt' },
    });
    await kit.settle();
    const [message] = kit.inbound();
    const info = await kit.graph('GET', message?.image.id);
    const file = await download(info.body.url, number.access_token);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it("is not visible to another business account's token", async () => {
    const uploaded = await kit.graph('POST', `${number.phone_number_id}/media`, {
      form: uploadForm(Buffer.from('hi'), 'text/plain'),
    });
    const stranger = await kit.createNumber();
    const info = await kit.graph('GET', uploaded.body.id, { number: stranger });
    expect(info.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });
});
