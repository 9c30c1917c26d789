import { setToaster } from '@ws/web-kit/api';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, until } from '../test/render.js';
import { Composer } from './composer.js';
import { composerApi, conversation, eventually, press, queuedReply, typeInto } from './composer-test-support.js';

/** XMLHttpRequest as the upload meets it, driven by the test: progress, then the answer. */
class FakeUpload {
  static made: FakeUpload[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  constructor() {
    FakeUpload.made.push(this);
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  getResponseHeader() {
    return 'application/json';
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, envelope: object) {
    this.status = status;
    this.responseText = JSON.stringify(envelope);
    this.onload?.();
  }
}

async function attach(host: HTMLElement, ...files: File[]) {
  const input = host.querySelector<HTMLInputElement>('[data-testid=attach-input]');
  if (!input) throw new Error('no file input');
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
}

/** What the request wrapper's one error handler shows, caught here. */
function toasts() {
  const error = vi.fn();
  setToaster({ error, success: vi.fn() });
  return () => error.mock.calls.map(([args]) => (args as { content: string }).content);
}

const textBox = (host: HTMLElement) => host.querySelector('textarea[data-testid=composer-text]') as HTMLTextAreaElement;

describe('files in the composer', () => {
  afterEach(() => setToaster(undefined));

  it('uploads a document with its progress shown, then sends it with the typed text as its caption', async () => {
    FakeUpload.made = [];
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const api = composerApi({ '/api/inbox/send': () => queuedReply('5'), '/api/inbox/typing': () => null });
    const host = await renderSignedIn(<Composer conversation={conversation()} />, { language: 'en', fetch: api.fetch });
    await attach(host, new File(['%PDF-1.4'], 'factura.pdf', { type: 'application/pdf' }));
    const upload = FakeUpload.made[0];
    if (!upload) throw new Error('no upload started');
    expect(upload.url).toBe('/api/inbox/upload');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(upload.headers.token).toBeTruthy();
    await act(async () => upload.progress(40, 100));
    expect(host.querySelector('[data-testid=attachment] .ant-progress')?.getAttribute('aria-valuenow')).toBe('40');

    await act(async () =>
      upload.answer(200, {
        code: 0,
        message: 'ok',
        data: {
          url: '/uploads/1/202611/ab.pdf',
          name: 'factura.pdf',
          size: 8,
          type: 'application/pdf',
          kind: 'document',
        },
      }),
    );
    await eventually(() =>
      expect(host.querySelector('[data-testid=attachment]')?.getAttribute('data-ready')).toBe('true'),
    );
    expect(host.textContent).toContain('What you type is sent as its caption');
    await typeInto(textBox(host), 'Su factura');
    await press(textBox(host), 'Enter');
    await until(() => expect(api.sent('/api/inbox/send')).toHaveLength(1));
    expect(api.sent('/api/inbox/send')[0]?.body).toEqual({
      conversationId: '41',
      content: { type: 'document', upload: '/uploads/1/202611/ab.pdf', caption: 'Su factura' },
    });
    expect(host.querySelector('[data-testid=attachment]')).toBeNull();
  });

  it("refuses a file over WhatsApp's limit before uploading it, and explains the limits in Chinese", async () => {
    FakeUpload.made = [];
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const shown = toasts();
    const host = await renderSignedIn(<Composer conversation={conversation()} />, {
      language: 'zh',
      fetch: composerApi({}).fetch,
    });
    const video = new File(['x'], 'largo.mp4', { type: 'video/mp4' });
    Object.defineProperty(video, 'size', { value: 17 * 1024 * 1024 });
    await attach(host, video);
    expect(FakeUpload.made).toHaveLength(0);
    expect(shown()).toEqual(['largo.mp4 超过 16 MB，WhatsApp 不接受']);

    await act(async () =>
      host.querySelector('[data-testid=attach-help]')?.dispatchEvent(new MouseEvent('click', { bubbles: true })),
    );
    await until(() =>
      expect(document.querySelector('[data-testid=attach-limits]')?.textContent).toContain('视频：MP4、3GPP，≤ 16 MB'),
    );
    expect(document.querySelector('[data-testid=attach-limits]')?.textContent).toContain(
      '文档：PDF、文本、Word、Excel、PowerPoint，≤ 100 MB',
    );
  });

  it('drops an upload the server refuses, its reason told once by the request wrapper', async () => {
    FakeUpload.made = [];
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const shown = toasts();
    const host = await renderSignedIn(<Composer conversation={conversation()} />, {
      language: 'en',
      fetch: composerApi({}).fetch,
    });
    await attach(host, new File(['MZ'], 'setup.pdf', { type: 'application/pdf' }));
    await act(async () =>
      FakeUpload.made[0]?.answer(400, {
        code: 400,
        message: 'file: only JPEG/PNG images … can be sent (judged by the content)',
      }),
    );
    await eventually(() => expect(host.querySelector('[data-testid=attachment]')).toBeNull());
    expect(shown()).toEqual(['file: only JPEG/PNG images … can be sent (judged by the content)']);
  });
});
