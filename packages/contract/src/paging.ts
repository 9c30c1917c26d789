import { z } from 'zod';

export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** `{page, pageSize}`; any page size outside PAGE_SIZES is refused, not clamped. */
export const PageRequest = z.object({
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
      message: `must be one of ${PAGE_SIZES.join(', ')}`,
    })
    .default(DEFAULT_PAGE_SIZE),
});
export type PageRequest = z.infer<typeof PageRequest>;

/**
 * The one list request: `{ page, pageSize, filters }`, as the specification writes
 * `/api/agent/list {page, pageSize, standby, filters}`. Every filter is optional and sits inside
 * `filters` (absent or `{}`: no filter); what a list is of (numbers' `standby`, IPs' `scope`) sits
 * beside it.
 */
export const listRequestOf = <F extends z.ZodRawShape>(filters: F) => {
  const schema = z.object(filters);
  // Every filter is optional, so an empty object is valid input; TypeScript cannot see that of a generic shape.
  return PageRequest.extend({ filters: schema.prefault({} as z.input<typeof schema>) });
};

/** An optional text filter of a list: blank or null means no filter. */
export const textFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((text) => text || undefined);

export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
    records: z.array(record),
  });
}
/**
 * Lists over tables that can hold millions of rows count matches only up to a cap (at least this,
 * or the end of the requested page): past it `total` is a lower bound, `total_capped` says so, and
 * the console's pager shows "N+".
 */
export const LIST_COUNT_CAP = 10_000;

export function cappedPageOf<T extends z.ZodType>(record: T) {
  return pageOf(record).extend({ total_capped: z.boolean() });
}

export type Page<T> = { total: number; size: number; current: number; pages: number; records: T[] };

export function toPage<T>(records: T[], total: number, request: PageRequest): Page<T> {
  return {
    total,
    size: request.pageSize,
    current: request.page,
    pages: Math.ceil(total / request.pageSize),
    records,
  };
}
