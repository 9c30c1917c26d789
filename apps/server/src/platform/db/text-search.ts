import type pg from 'pg';

const unicodeTrigrams = new WeakMap<pg.Pool, Promise<boolean>>();

/**
 * Whether pg_trgm in this database takes trigrams from words in any script (a Unicode ctype such
 * as the C.UTF-8 that `createDatabase` asks for) or only from ASCII letters and digits (ctype C,
 * as on a server that lacks C.UTF-8 or a database made elsewhere). Asked once per pool: the
 * answer belongs to the database and never changes while it runs.
 */
export function trigramsCoverUnicode(pool: pg.Pool): Promise<boolean> {
  let known = unicodeTrigrams.get(pool);
  if (!known) {
    known = pool
      .query<{ covered: boolean }>(`select cardinality(show_trgm('王小明')) > 0 as covered`)
      .then(({ rows }) => rows[0]?.covered === true);
    // A failed question (the database briefly away) is asked again next time.
    known.catch(() => unicodeTrigrams.delete(pool));
    unicodeTrigrams.set(pool, known);
  }
  return known;
}

/** Whether ILIKE can be LIKE: the text has no letter with a case (digits, Chinese, punctuation). */
export const caseless = (text: string): boolean => text.toLowerCase() === text && text.toUpperCase() === text;

/**
 * Whether the trigram indexes can find the text: pg_trgm takes trigrams only from runs of at least
 * three word characters. In a database with a Unicode ctype those are letters and digits of any
 * script (`王小明` is indexed); with ctype C only ASCII ones are (`trigramsCoverUnicode`).
 */
export const hasTrigrams = (text: string, unicode: boolean): boolean => wordRuns(text, unicode).some(isTrigramRun);

const isTrigramRun = (run: string): boolean => [...run].length >= 3;

/** The runs of word characters pg_trgm takes trigrams from. */
export const wordRuns = (text: string, unicode: boolean): string[] =>
  text.match(unicode ? /[\p{L}\p{N}]+/gu : /[A-Za-z0-9]+/g) ?? [];
