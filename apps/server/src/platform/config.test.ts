import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', captchaEnabled: true, registrationOpen: true });
    expect(config.EMBEDDED_PG_PORT).not.toBe(5432);
    expect(config.ACCESS_TOKEN_TTL).toBeGreaterThan(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ CAPTCHA: 'maybe' }, 'CAPTCHA'],
    [{ REGISTRATION: 'yes' }, 'REGISTRATION'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ EMBEDDED_PG_PORT: '5432' }, 'EMBEDDED_PG_PORT'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ACCESS_TOKEN_TTL: '3000' }, 'ACCESS_TOKEN_TTL'],
    [{ HEAP_GROWING_PERCENT: '-5' }, 'HEAP_GROWING_PERCENT'],
    [{ EMBEDDED_PG_SETTINGS: 'shared_buffers = 512MB' }, 'EMBEDDED_PG_SETTINGS'],
    [{ EMBEDDED_PG_SETTINGS: "work_mem=16MB'; drop" }, 'EMBEDDED_PG_SETTINGS'],
  ])('stops on %o naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}: `));
  });

  it('takes the embedded PostgreSQL’s extra settings as name=value words', () => {
    expect(loadConfig({}).EMBEDDED_PG_SETTINGS).toEqual([]);
    expect(
      loadConfig({ EMBEDDED_PG_SETTINGS: ' shared_buffers=512MB  shared_preload_libraries=pg_stat_statements ' })
        .EMBEDDED_PG_SETTINGS,
    ).toEqual(['shared_buffers=512MB', 'shared_preload_libraries=pg_stat_statements']);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });
});
