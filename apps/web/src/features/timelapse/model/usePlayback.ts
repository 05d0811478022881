import { useEffect, useState } from 'react';

/**
 * Play/pause and step over `count` frames, looping. While playing, the next frame is shown only once it has
 * loaded (`ready(index)`), so a slow frame holds the previous one instead of flashing empty.
 */
export function usePlayback(count: number, frameMs: number, ready: (index: number) => boolean) {
  const [index, setIndex] = useState(0);
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
  }, [playing, count, frameMs, ready]);
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
