import { calls } from '@ws/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n/language.js';
import { signInForTest } from '../testing/test-session.js';
import { setToaster } from './api-error.js';
import { callApi } from './client.js';

/** XMLHttpRequest as an upload meets it: the test says how far the body went and what the server answers. */
class ScriptedUpload {
  static last: ScriptedUpload | undefined;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  opened: [string, string] | undefined;
  headers: Record<string, string> = {};
  constructor() {
    ScriptedUpload.last = this;
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {}
  abort() {
    this.onabort?.();
  }
  getResponseHeader() {
    return 'application/json';
  }
}

const sent = () => {
  const xhr = ScriptedUpload.last;
  if (!xhr) throw new Error('nothing sent');
  return xhr;
};

describe('an upload with its progress', () => {
  const toasts = { error: vi.fn(), success: vi.fn() };
  beforeEach(() => {
    setLanguage('en');
    signInForTest();
    setToaster(toasts);
    toasts.error.mockReset();
    ScriptedUpload.last = undefined;
    vi.stubGlobal('XMLHttpRequest', ScriptedUpload);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setToaster(undefined);
  });

  it('reports how far the body went and answers the envelope data, with the token and language sent', async () => {
    const progress: number[] = [];
    const form = new FormData();
    const reply = callApi(calls.inboxUpload, { form, onUploadProgress: (fraction) => progress.push(fraction) });
    await vi.waitFor(() => expect(ScriptedUpload.last).toBeDefined());
    expect(sent().opened).toEqual(['POST', '/api/inbox/upload']);
    expect(sent().headers).toMatchObject({ token: 'tok', 'Accept-Language': 'en' });
    sent().upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    sent().upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    const data = { url: '/uploads/1/a.pdf', name: 'a.pdf', size: 3, type: 'application/pdf', kind: 'document' };
    sent().status = 200;
    sent().responseText = JSON.stringify({ code: 0, message: 'ok', data });
    sent().onload?.();
    await expect(reply).resolves.toEqual(data);
    expect(progress).toEqual([0.25, 1]);
  });

  it("shows a refusal once through the wrapper's handler, and a lost connection as a network error", async () => {
    const refused = callApi(calls.inboxUpload, { form: new FormData(), onUploadProgress: () => undefined });
    await vi.waitFor(() => expect(ScriptedUpload.last).toBeDefined());
    sent().status = 413;
    sent().responseText = JSON.stringify({ code: 413, message: 'file: a video may be at most 16 MB' });
    sent().onload?.();
    await expect(refused).rejects.toMatchObject({ status: 413 });

    ScriptedUpload.last = undefined;
    const lost = callApi(calls.inboxUpload, { form: new FormData(), onUploadProgress: () => undefined });
    await vi.waitFor(() => expect(ScriptedUpload.last).toBeDefined());
    sent().onerror?.();
    await expect(lost).rejects.toMatchObject({ status: 0 });
    expect(toasts.error.mock.calls.map(([args]) => args.content)).toEqual([
      'file: a video may be at most 16 MB',
      expect.stringMatching(/network|网络/i),
    ]);
  });
});
