/** Runs `load` once, on first use, and keeps its result; a failure is not kept, so the next use tries again. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => {
    if (!result) {
      result = load();
      result.catch(() => {
        result = undefined;
      });
    }
    return result;
  };
}
