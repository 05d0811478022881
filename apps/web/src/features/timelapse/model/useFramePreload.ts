import { useEffect, useState } from 'react';

/** How many frames are asked of the server at once (each is composed on its CPU pool). */
const PARALLEL = 2;

/**
 * Loads the frames' images ahead of playback, in order, a few at a time; answers which URLs have loaded and
 * which failed. A new list starts over (frames already in the browser's cache load at once).
 */
export function useFramePreload(urls: readonly string[]): { loaded: ReadonlySet<string>; failed: ReadonlySet<string> } {
  const [state, setState] = useState<{ loaded: Set<string>; failed: Set<string> }>(() => ({
    loaded: new Set(),
    failed: new Set(),
  }));
  const key = urls.join('\n');
  useEffect(() => {
    let cancelled = false;
    const list = key ? key.split('\n') : [];
    setState({ loaded: new Set(), failed: new Set() });
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
        setState((previous) => ({ ...previous, loaded: new Set(previous.loaded).add(url) }));
        loadNext();
      };
      image.onerror = () => {
        if (cancelled) return;
        setState((previous) => ({ ...previous, failed: new Set(previous.failed).add(url) }));
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
  return state;
}
