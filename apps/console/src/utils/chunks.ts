/** `items` in consecutive slices of at most `size`: a large selection sent in calls of the server's limit. */
export const chunksOf = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
