import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import 'dayjs/locale/pt-br';
import dayjs from 'dayjs';
import { server } from './server';

/** The web-dom project's setup: what jsdom lacks and antd needs, and the mock API's lifecycle. */

dayjs.locale('pt-br');

// findBy… waits up to 1 s by default: a lazy page's first import (transformed on demand) on a loaded runner is
// slower than that. A message that never comes still fails, later.
configure({ asyncUtilTimeout: 15_000 });

// antd's responsive grid and the app's reduced-motion hook read media queries; jsdom has none.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// antd's tables, tabs and overflow menus measure themselves.
if (typeof window.ResizeObserver !== 'function') {
  class NoResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver = NoResizeObserver;
}

// jsdom logs "not implemented" for getComputedStyle with a pseudo-element, which antd asks for its scroll bars.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

window.scrollTo = () => undefined;
// Tables scroll the chosen row into view; jsdom lays nothing out.
Element.prototype.scrollIntoView ??= () => undefined;

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
