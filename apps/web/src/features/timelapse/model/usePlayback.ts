import { useCallback, useEffect, useState } from 'react';

/**
 * Play/pause and step over `count` frames, looping. While playing, the next frame is shown only once it has
 * loaded (`ready(index)`), so a slow frame holds the previous one instead of flashing empty. A new `list` (other
 * filters) starts again from its first frame.
 */
export function usePlayback(list: string, count: number, frameMs: number, ready: (index: number) => boolean) {
  const [position, setPosition] = useState({ list, index: 0 });
  // Adjusting state to a new list while rendering (React's pattern for state derived from props).
  if (position.list !== list) setPosition({ list, index: 0 });
  const index = position.list === list ? position.index : 0;
  const setIndex = useCallback(
    (next: number | ((previous: number) => number)) =>
      setPosition((previous) => {
        const from = previous.list === list ? previous.index : 0;
        return { list, index: typeof next === 'function' ? next(from) : next };
      }),
    [list],
  );
  const [playing, setPlaying] = useState(false);
  const current = count === 0 ? 0 : Math.min(index, count - 1);
  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setInterval(() => {
      setIndex((previous) => {
        const next = (Math.min(previous, count - 1) + 1) % count;
        return ready(next) ? next : previous;
      });
    }, frameMs);
    return () => clearInterval(timer);
  }, [playing, count, frameMs, ready, setIndex]);
  return {
    index: current,
    playing,
    toggle: () => setPlaying((value) => !value),
    pause: () => setPlaying(false),
    step: (delta: number) => {
      setPlaying(false);
      if (count > 0) setIndex((((current + delta) % count) + count) % count);
    },
    go: (target: number) => setIndex(Math.max(0, Math.min(count - 1, target))),
  };
}
