import { calls } from '@ws/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n/language.js';
import { setNavigator } from '../session/navigation.js';
import { connectSessionToApi } from '../session/session-jobs.js';
import { currentSession } from '../session/session-store.js';
import { SILENT_ERROR_CODES } from '../settings.js';
import { signInForTest, TEST_USER } from '../testing/test-session.js';
import { setToaster } from './api-error.js';
import { ApiError, callApi, callFile } from './client.js';

const toasts = { error: vi.fn(), success: vi.fn() };
const navigate = vi.fn();
const texts = (mock: typeof toasts.error) => mock.mock.calls.map(([args]) => args.content);

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })),
  );
}

describe('request wrapper', () => {
  beforeEach(() => {
    connectSessionToApi();
    setLanguage('zh');
    setToaster(toasts);
    setNavigator(navigate);
    toasts.error.mockReset();
    toasts.success.mockReset();
    navigate.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setToaster(undefined);
    setNavigator(undefined);
  });

  it('returns the data of a code-0 answer and sends the token', async () => {
    signInForTest();
    answer(200, { code: 0, message: 'ok', data: TEST_USER });
    await expect(callApi(calls.userInfo)).resolves.toEqual(TEST_USER);
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.headers).toMatchObject({ token: 'tok' });
    expect(texts(toasts.error)).toEqual([]);
  });

  it("shows the body's message for a non-zero code, whatever the status", async () => {
    answer(400, { code: 400, message: 'username: 太短' });
    await expect(callApi(calls.ping)).rejects.toMatchObject({ status: 400, code: 400 });
    answer(200, { code: 1001, message: '余额不足' });
    await expect(callApi(calls.ping)).rejects.toMatchObject({ code: 1001 });
    expect(texts(toasts.error)).toEqual(['username: 太短', '余额不足']);
  });

  it('prefers error_description and falls back to 未知错误', async () => {
    answer(400, { code: 400, message: 'x', error_description: '用户名或密码错误' });
    await expect(callApi(calls.ping)).rejects.toBeInstanceOf(ApiError);
    answer(500, 'not json');
    await expect(callApi(calls.ping)).rejects.toMatchObject({ status: 500 });
    expect(texts(toasts.error)).toEqual(['用户名或密码错误', '未知错误']);
  });

  it('signs out and leads to /login on 401', async () => {
    signInForTest();
    answer(401, { code: 401, message: 'token expired' });
    await expect(callApi(calls.userInfo)).rejects.toMatchObject({ status: 401 });
    expect(currentSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(texts(toasts.error)).toEqual(['登录信息已失效，请重新登录']);
  });

  it('rejects whitelisted codes without a toast', async () => {
    (SILENT_ERROR_CODES as number[]).push(4242);
    try {
      answer(200, { code: 4242, message: 'handled by the page' });
      await expect(callApi(calls.ping)).rejects.toMatchObject({ code: 4242 });
      expect(texts(toasts.error)).toEqual([]);
    } finally {
      (SILENT_ERROR_CODES as number[]).pop();
    }
  });

  it('rejects network failures and gateway errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callApi(calls.ping)).rejects.toMatchObject({ status: 0 });
    answer(502, '<html>bad gateway</html>');
    await expect(callApi(calls.ping)).rejects.toMatchObject({ status: 502 });
    expect(texts(toasts.error)).toEqual(['网络连接失败，请稍后重试', '网络连接失败，请稍后重试']);
  });

  it('stays silent when asked, and shows success toasts in the current language', async () => {
    answer(400, { code: 400, message: 'bad' });
    await expect(callApi(calls.ping, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(texts(toasts.error)).toEqual([]);
    answer(200, { code: 0, message: 'ok', data: null });
    await callApi(calls.changeNickname, { body: { nickname: 'x' }, notifySuccess: true });
    setLanguage('en');
    await callApi(calls.changeNickname, { body: { nickname: 'x' }, notifySuccess: true });
    expect(texts(toasts.success)).toEqual(['更新成功', 'Updated successfully']);
  });
  it('sends the chosen language in Accept-Language on every call, file calls included', async () => {
    signInForTest();
    answer(200, { code: 0, message: 'ok', data: null });
    const census = { from: '2026-11-01', to: '2026-11-02' };
    await callApi(calls.ping);
    await callFile(calls.censusExport, { body: census });
    setLanguage('en');
    await callApi(calls.ping);
    await callApi(calls.getCaptcha, { body: { capType: 'math' } });
    await callFile(calls.censusExport, { body: census });
    const languages = vi
      .mocked(fetch)
      .mock.calls.map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Accept-Language']);
    expect(languages).toEqual(['zh', 'zh', 'en', 'en', 'en']);
  });
});
