/**
 * A statement trigger that joins its transition tables keeps the plan of its first run, made when
 * they held a row or two: a nested loop, quadratic for the thousands of rows of a later statement.
 * Every such function must plan without nested loops and with hash joins, whatever its caller set
 * (migration 0034), or say here why not.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';

const t = useTestApp();

/** Functions that join transition tables yet keep nested loops, and why. */
const EXEMPT: Record<string, string> = {
  // Runs only for a statement with a 131048/132015/132016 error, and joins real tables by key.
  campaign_errors_take_effect: 'joins wa_number, wa_template and campaign by key; rare',
  // A tag rename (a handful of rows) that then refreshes contacts through other functions.
  contact_tag_names_renamed: 'few rows; calls functions that read real tables',
};

describe('statement triggers joining their transition tables', () => {
  it('plan without nested loops', async () => {
    const { rows } = await t.pool.query<{ name: string; config: string[] | null }>(
      `select p.proname as name, p.proconfig as config
         from pg_proc p join pg_language l on l.oid = p.prolang
        where l.lanname = 'plpgsql' and p.pronamespace = 'public'::regnamespace
          and p.prosrc ~* '(join|from)\\s+(before_rows|after_rows)\\s+\\w+\\s+(join|on)'
          or (l.lanname = 'plpgsql' and p.pronamespace = 'public'::regnamespace
              and p.prosrc ~* 'join\\s+(before_rows|after_rows)\\s')
        order by 1`,
    );
    const names = rows.map((row) => row.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'campaign_recipient_update',
        'portfolio_reach_count_update',
        'contact_rollup_update',
        'contact_consent_update',
        'contact_daily_source_update',
        'contact_month_number_update',
        ...Object.keys(EXEMPT),
      ]),
    );
    const planned = rows.filter((row) => !(row.name in EXEMPT));
    const hashJoined = (config: string[] | null) =>
      (config ?? []).includes('enable_nestloop=off') && (config ?? []).includes('enable_hashjoin=on');
    expect(planned.filter((row) => !hashJoined(row.config)).map((row) => row.name)).toEqual([]);
  });
});
