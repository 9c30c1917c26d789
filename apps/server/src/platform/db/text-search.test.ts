import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, createPool, ensureDatabase } from './pool.js';
import { caseless, trigramsCoverUnicode } from './text-search.js';

const serverUrl = inject('databaseServerUrl');
const made: string[] = [];
const urlOf = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

async function withPool<T>(name: string, use: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = createPool(urlOf(name), pino({ level: 'silent' }), 1);
  try {
    await pool.query('create extension if not exists pg_trgm');
    return await use(pool);
  } finally {
    await pool.end();
  }
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const name of made) await admin.query(`drop database if exists ${name}`);
  await admin.end();
});

describe('the databases the product makes', () => {
  it('sort by bytes and classify characters by Unicode, so pg_trgm indexes any script', async () => {
    const name = `ws_text_${randomBytes(4).toString('hex')}`;
    made.push(name);
    await ensureDatabase(urlOf(name));
    await withPool(name, async (pool) => {
      const { rows } = await pool.query(
        `select datcollate, datctype, 'JOSÉ Ñúñez' ilike '%josé ñ%' as folds,
                array(select x from unnest(array['b', 'É', 'a', 'Z']) x order by x) = array['Z', 'a', 'b', 'É'] as byte_order
           from pg_database where datname = current_database()`,
      );
      expect(rows[0]).toMatchObject({ datcollate: 'C', datctype: 'C.UTF-8', folds: true, byte_order: true });
      expect(await trigramsCoverUnicode(pool)).toBe(true);
    });
  });

  it('tell the search when pg_trgm sees only ASCII (a C ctype made elsewhere)', async () => {
    const name = `ws_text_${randomBytes(4).toString('hex')}`;
    made.push(name);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'`);
    await admin.end();
    await withPool(name, async (pool) => expect(await trigramsCoverUnicode(pool)).toBe(false));
  });

  it('fall back to the server default when the server lacks the C.UTF-8 locale', async () => {
    const name = `ws_text_${randomBytes(4).toString('hex')}`;
    made.push(name);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    // A client whose create with C.UTF-8 is refused as the server refuses an unknown locale.
    const refusing = Object.assign(Object.create(admin), {
      query: (text: string) =>
        text.includes('C.UTF-8')
          ? Promise.reject(Object.assign(new Error('invalid locale name: "C.UTF-8"'), { code: '42809' }))
          : admin.query(text),
    });
    await createDatabase(refusing, name);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    await admin.end();
    expect(rowCount).toBe(1);
  });
});

describe('caseless', () => {
  it('is true only for texts without cased letters', () => {
    expect(['王伟', '13800', '+86 (138)', '%_'].map(caseless)).toEqual([true, true, true, true]);
    expect(['a', 'Z', 'é', 'ß', 'Ж 王'].map(caseless)).toEqual([false, false, false, false, false]);
  });
});
