/**
 * Promise.all that waits for every task to end before rethrowing the first failure. Our tasks are
 * ffmpeg processes writing into folders the caller removes on failure; Promise.all would return
 * while a sibling is still writing, and its files would reappear after the clean-up.
 */
export async function allFinished<T extends readonly unknown[]>(
  tasks: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
