import { setupServer } from 'msw/node';

/**
 * The API the component tests talk to: each test answers the calls it is about (`server.use(...)`); a call no
 * test answered fails the test (see setup-dom.ts), so a page never quietly renders on a request it did not get.
 */
export const server = setupServer();

/** An API path as callApi requests it (`/api/v1` + the contract's path, `:id` params allowed). */
export const api = (path: string): string => `*/api/v1${path}`;
