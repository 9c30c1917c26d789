import type { NumberListRecord } from '@ws/contract';
import { isoTimeOf } from '../../platform/db/sql-time.js';

/** The columns of a number's Cloud API state, as the list and the channel check select them. */
export interface NumberState {
  id: string;
  phone: string;
  verified_name: string;
  status: string;
  name_status: string | null;
  quality_rating: NumberListRecord['quality_rating'];
  messaging_limit_tier: string | null;
  throughput_per_second: number;
  paused: boolean;
  checked_at: Date | null;
}

/** The SELECT list of NumberState over `wa_number n`. */
export const NUMBER_STATE_COLUMNS = `n.id, n.phone, n.verified_name, n.status, n.name_status, n.quality_rating,
  n.messaging_limit_tier, n.throughput_per_second, n.paused_at is not null as paused, n.checked_at`;

export const isoOrNull = (time: Date | null): string | null => (time ? isoTimeOf(time) : null);

export function numberState(row: NumberState) {
  return {
    id: row.id,
    phone: row.phone,
    verified_name: row.verified_name,
    status: row.status,
    name_status: row.name_status,
    quality_rating: row.quality_rating,
    messaging_tier: row.messaging_limit_tier,
    throughput_per_second: row.throughput_per_second,
    paused: row.paused,
    checked_at: isoOrNull(row.checked_at),
  };
}
