import type { AudienceCounts } from '@ws/contract';
import type { StoredRow } from './audience-check-repository.js';

export function emptyCounts(): AudienceCounts {
  return {
    rows: 0,
    valid: 0,
    invalid: 0,
    duplicate: 0,
    new: 0,
    contact: 0,
    opted_out: 0,
    types: {},
    reasons: {},
    countries: {},
  };
}

/** A list's stored counts, with every field present (a list not yet checked has `{}`). */
export function countsOf(stored: Partial<AudienceCounts>): AudienceCounts {
  return { ...emptyCounts(), ...stored };
}

const bump = (tally: Record<string, number>, key: string) => {
  tally[key] = (tally[key] ?? 0) + 1;
};

/** Adds a chunk's rows to a list's counts. Types and countries count each number once (repeats not). */
export function addRows(counts: AudienceCounts, rows: readonly StoredRow[]): AudienceCounts {
  const next = {
    ...counts,
    types: { ...counts.types },
    reasons: { ...counts.reasons },
    countries: { ...counts.countries },
  };
  for (const row of rows) {
    next.rows += 1;
    next[row.outcome] += 1;
    if (row.outcome === 'invalid') bump(next.reasons, row.reason ?? 'invalid_number');
    else if (row.outcome !== 'duplicate') {
      next.valid += 1;
      bump(next.types, row.type ?? 'unknown');
      if (row.country) bump(next.countries, row.country);
    }
  }
  return next;
}
