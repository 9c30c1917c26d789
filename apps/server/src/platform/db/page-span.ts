import type { PageRequest } from '@ws/contract';

/** Which rows of an ordered list a query reads: it skips `offset` and takes `limit`. */
export interface PageSpan {
  offset: number;
  limit: number;
}

/** The rows of the requested page. */
export const pageSpanOf = (request: PageRequest): PageSpan => ({
  offset: (request.page - 1) * request.pageSize,
  limit: request.pageSize,
});
