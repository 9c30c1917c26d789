/** Meta's quality rating and throughput level as our `wa_number` columns keep them. */
import { HIGH_THROUGHPUT_PER_SECOND } from '../webhooks/number-events.js';

const QUALITIES = ['GREEN', 'YELLOW', 'RED'] as const;
export const STANDARD_THROUGHPUT_PER_SECOND = 80;
/** Meta's throughput levels in messages per second (STANDARD is the column's default). */
export const THROUGHPUT_OF_LEVEL: Record<string, number> = {
  STANDARD: STANDARD_THROUGHPUT_PER_SECOND,
  HIGH: HIGH_THROUGHPUT_PER_SECOND,
};

/** Meta's quality rating as the column keeps it: anything else is UNKNOWN. */
export const qualityOf = (rating: string | undefined) =>
  QUALITIES.find((quality) => quality === rating?.toUpperCase()) ?? 'UNKNOWN';
