import { useEffect, useState } from 'react';

/** How many frames are asked of the server at once (each is composed on its CPU pool). */
const PARALLEL = 2;
const EMPTY: ReadonlySet<string> = new Set();

/**
 * Loads the frames' images ahead of playback, in order, a few at a time; answers which URLs have loaded and
 * which failed. A new list starts over (frames already in the browser's cache load at once).
 */
export function useFramePreload(urls: readonly string[]): {
  loaded: ReadonlySet<string>;
  failed: ReadonlySet<string>;
} {
  const key = urls.join('\n');
  // Kept with the list it belongs to: a new list reads as nothing loaded until its own frames arrive.
  const [state, setState] = useState<{ key: string; loaded: Set<string>; failed: Set<string> }>(() => ({
    key,
    loaded: new Set(),
    failed: new Set(),
  }));
  useEffect(() => {
    let cancelled = false;
    const list = key ? key.split('\n') : [];
    const settle = (url: string, outcome: 'loaded' | 'failed') =>
      setState((previous) => {
        const current =
          previous.key === key ? previous : { key, loaded: new Set<string>(), failed: new Set<string>() };
        return { ...current, [outcome]: new Set(current[outcome]).add(url) };
      });
    let next = 0;
    const images: HTMLImageElement[] = [];
    const loadNext = () => {
      if (cancelled || next >= list.length) return;
      const url = list[next]!;
      next += 1;
      const image = new Image();
      images.push(image);
      image.onload = () => {
        if (cancelled) return;
        settle(url, 'loaded');
        loadNext();
      };
      image.onerror = () => {
        if (cancelled) return;
        settle(url, 'failed');
        loadNext();
      };
      image.src = url;
    };
    for (let lane = 0; lane < PARALLEL; lane += 1) loadNext();
    return () => {
      cancelled = true;
      for (const image of images) image.onload = image.onerror = null;
    };
  }, [key]);
  return state.key === key ? state : { loaded: EMPTY, failed: EMPTY };
}
