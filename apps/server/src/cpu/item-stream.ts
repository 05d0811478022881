/**
 * Items pushed by one side (a CPU task's messages) read as an async iterable by the other (a writer), in
 * order; `fail` makes the reader throw, `end` ends it.
 */
export function itemStream<T>() {
  const items: T[] = [];
  let finished = false;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  return {
    push(...more: T[]): void {
      items.push(...more);
      notify();
    },
    end(): void {
      finished = true;
      notify();
    },
    fail(error: unknown): void {
      failure = { error };
      notify();
    },
    async *items(): AsyncGenerator<T> {
      for (;;) {
        if (failure) throw failure.error;
        const item = items.shift();
        if (item !== undefined) {
          yield item;
          continue;
        }
        if (finished) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}
