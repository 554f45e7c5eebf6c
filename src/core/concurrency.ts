// Bounded parallelism for file reads: enough in flight to keep the disk busy, few
// enough that thousands of skills never exhaust file handles.

/** Runs `work` over every item with at most `limit` running at once; keeps input order. */
export async function mapConcurrent<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
