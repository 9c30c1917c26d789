import { afterEach, describe, expect, it } from 'vitest';
import { setUpI18n, translate } from './i18n.js';
import { setLanguage } from './language.js';
import { withKitTexts } from './resources.js';

const greetings = { zh: { hello: '你好' }, en: { hello: 'Hello' } };

describe('the i18n set-up', () => {
  afterEach(() => {
    setLanguage('zh');
    // Back to the kit's texts alone, as the other tests of the project expect.
    setUpI18n({ resources: withKitTexts({}), defaultNS: 'api' });
  });

  it("joins an app's namespaces to the kit's and follows the chosen language", () => {
    const resources = withKitTexts({ greetings });
    expect(Object.keys(resources.zh).sort()).toEqual([
      'api',
      'credentials',
      'greetings',
      'list',
      'messages',
      'selects',
    ]);
    expect(resources.en.greetings).toEqual({ hello: 'Hello' });

    setLanguage('zh');
    setUpI18n({ resources, defaultNS: 'greetings' });
    const text = translate as (key: string) => string;
    expect([text('hello'), text('api:networkError'), text('list:search')]).toEqual([
      '你好',
      '网络连接失败，请稍后重试',
      '搜索',
    ]);
    expect(document.documentElement.lang).toBe('zh-CN');

    setLanguage('en');
    expect([text('hello'), text('api:networkError')]).toEqual(['Hello', 'Network error, please try again later']);
    expect(document.documentElement.lang).toBe('en');
  });
});
