/**
 * One server per Playwright worker: worker N (its parallel index) talks to the server on E2E_PORT + N, with its
 * own embedded database, files and outbox, so specs in different workers never see each other's changes.
 */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/** The port of this worker's server (in the runner process, the first one's). */
export const workerPort = (): number => BASE_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The server's data folder, relative to the repository (start-server.mjs names it the same way). */
export const dataFolderFor = (port: number): string => (port === 3100 ? 'data-e2e' : `data-e2e-${port}`);
