import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { translationProviderOf, translatorFromConfig } from './translator-from-config.js';

const configOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/unused', ...env });

describe('the translator a configuration picks', () => {
  it("is the sandbox's simulated LibreTranslate by default, and off without the sandbox", async () => {
    const translator = translatorFromConfig(configOf({}));
    expect(translator).toMatchObject({ provider: 'sandbox', simulated: true });
    await translator?.close();
    expect(translationProviderOf(configOf({ SANDBOX: 'off' }))).toBe('off');
    expect(translatorFromConfig(configOf({ SANDBOX: 'off' }))).toBeUndefined();
  });

  it('stops the start naming the variable a provider is missing', () => {
    const failure = (env: Record<string, string>) => {
      try {
        translatorFromConfig(configOf(env));
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return 'no error';
    };
    expect(failure({ TRANSLATION_PROVIDER: 'deepl' })).toMatch(
      /TRANSLATION_API_KEY: required when TRANSLATION_PROVIDER=deepl/,
    );
    expect(failure({ TRANSLATION_PROVIDER: 'libretranslate' })).toMatch(/TRANSLATION_URL/);
    expect(failure({ TRANSLATION_PROVIDER: 'google-v3', TRANSLATION_ACCESS_TOKEN: 't' })).toMatch(
      /TRANSLATION_PROJECT/,
    );
    expect(failure({ TRANSLATION_PROVIDER: 'google-v3', TRANSLATION_PROJECT: 'p' })).toMatch(
      /TRANSLATION_CREDENTIALS_FILE: required/,
    );
    const badKey = {
      TRANSLATION_PROVIDER: 'google-v3',
      TRANSLATION_PROJECT: 'p',
      TRANSLATION_CREDENTIALS_FILE: '/no/key.json',
    };
    expect(failure(badKey)).toMatch(/TRANSLATION_CREDENTIALS_FILE: ENOENT/);
    expect(failure({ TRANSLATION_PROVIDER: 'tencent', TRANSLATION_API_KEY: 'k' })).toMatch(/TRANSLATION_SECRET_ID/);
    expect(() => configOf({ TRANSLATION_PROVIDER: 'babelfish' })).toThrow(/TRANSLATION_PROVIDER/);
  });

  it('builds each real provider from its settings', async () => {
    const cases: Record<string, string>[] = [
      { TRANSLATION_PROVIDER: 'libretranslate', TRANSLATION_URL: 'http://127.0.0.1:5000' },
      { TRANSLATION_PROVIDER: 'deepl', TRANSLATION_API_KEY: 'k:fx' },
      { TRANSLATION_PROVIDER: 'google-v2', TRANSLATION_API_KEY: 'k' },
      { TRANSLATION_PROVIDER: 'google-v3', TRANSLATION_PROJECT: 'p', TRANSLATION_ACCESS_TOKEN_FILE: '/run/token' },
      { TRANSLATION_PROVIDER: 'azure', TRANSLATION_API_KEY: 'k', TRANSLATION_REGION: 'eastasia' },
      { TRANSLATION_PROVIDER: 'tencent', TRANSLATION_API_KEY: 'k', TRANSLATION_SECRET_ID: 'id' },
    ];
    for (const env of cases) {
      const translator = translatorFromConfig(configOf(env));
      expect(translator).toMatchObject({ provider: env.TRANSLATION_PROVIDER, simulated: false });
      await translator?.close();
    }
  });
});
