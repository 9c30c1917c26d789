/** Safe reads of Meta's message JSON, whose shape varies by type and direction. */
type Json = unknown;

/** The value at `path` inside `value`, or undefined. Numbers index arrays. */
export function valueAt(value: Json, ...path: (string | number)[]): Json {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, Json>)[key];
  }
  return current;
}

/** A string (or number, as text) at `path`; undefined when absent or empty. */
export function textAt(value: Json, ...path: (string | number)[]): string | undefined {
  const found = valueAt(value, ...path);
  if (typeof found === 'number') return String(found);
  return typeof found === 'string' && found !== '' ? found : undefined;
}

/** The objects of the array at `path` (anything else in it is skipped). */
export function listAt(value: Json, ...path: (string | number)[]): Record<string, Json>[] {
  const found = valueAt(value, ...path);
  return Array.isArray(found)
    ? found.filter((item): item is Record<string, Json> => item !== null && typeof item === 'object')
    : [];
}
