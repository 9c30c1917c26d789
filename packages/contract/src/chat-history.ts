/** Calls of this domain; filled in by its module (issue 5). */
export const chatHistoryCalls = {} as const;
