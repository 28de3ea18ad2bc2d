/** Runs `work` on each item, one after the other: the order of requests is part of what a seed fixes. */
export async function inSequence<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await work(item));
  return results;
}

/**
 * Runs `work` on the indexes 0..count-1 in order, `workers` at a time: each worker takes the next
 * index as soon as it is done with one (for requests: each worker on a connection fetch keeps alive).
 */
export async function withWorkers(
  count: number,
  workers: number,
  work: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) await work(i);
  };
  await Promise.all(Array.from({ length: Math.min(workers, count) }, worker));
}
