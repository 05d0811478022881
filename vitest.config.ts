import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './apps/server/test/slow-first-sequencer.ts';

const UNIT = ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/tools/**/*.test.ts'];
/** Unit files that need a fresh module graph: a vi.mock would not reach a module another file loaded first. */
const ISOLATED_UNIT = [
  'apps/server/src/features/overlays/overlays.service.test.ts',
  'apps/web/src/shared/api/callApi.test.ts',
  'apps/web/src/features/map/style/labels.test.ts',
];

/** Component files that mock modules (vi.mock): their own module graph each. */
const ISOLATED_WEB_DOM = [
  'apps/web/src/features/environment/pages/EnvironmentAnalysisPage.test.tsx',
  'apps/web/src/features/allotment-analysis/pages/AllotmentAnalysisPage.test.tsx',
  'apps/web/src/features/construction/pages/NotesPage.test.tsx',
];
const WEB_DOM = {
  environment: 'jsdom',
  setupFiles: ['apps/web/src/test/setup-dom.ts'],
  // A failed query prints the DOM it searched: the start of it is enough to read.
  env: { DEBUG_PRINT_LIMIT: '3000' },
  testTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    // The API and process projects' minutes-long files first (see the sequencer), so that their 2 workers end
    // together.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        // One module graph per worker, not per file (isolate: false): the unit files share no mutable state, and
        // loading every file's imports afresh was ~85 % of the project's CPU (bench/RESULTS.md, "npm test
        // duration"). A file that mocks modules (vi.mock) or stubs globals goes in ISOLATED_UNIT instead.
        test: {
          name: 'unit',
          include: UNIT,
          exclude: ['**/*.api.test.ts', '**/node_modules/**', ...ISOLATED_UNIT],
          isolate: false,
          // Vitest's 5 s default is CPU a loaded runner may not give: synchronous geometry and rendering cases
          // took 6.6–6.8 s at load ~20 ("npm test duration" in git history of bench/RESULTS.md). A hung test still fails.
          testTimeout: 60_000,
        },
      },
      {
        test: { name: 'unit-isolated', include: ISOLATED_UNIT, testTimeout: 60_000 },
      },
      {
        // The web app's component tests: a page rendered in jsdom against a mock API (msw), asserting what it
        // shows when the server fails. One module graph per worker (isolate: false), as the unit project: every
        // file imported antd, React and the app afresh, most of the project's CPU; each test still starts from an
        // empty document and storage (setup-dom.ts). A file that mocks modules goes in ISOLATED_WEB_DOM.
        test: {
          name: 'web-dom',
          include: ['apps/web/src/**/*.test.tsx'],
          exclude: ['**/node_modules/**', ...ISOLATED_WEB_DOM],
          isolate: false,
          ...WEB_DOM,
        },
      },
      { test: { name: 'web-dom-isolated', include: ISOLATED_WEB_DOM, ...WEB_DOM } },
      {
        // One module graph per worker (isolate: false), as the unit project: each file builds its own app on its
        // own database, and once closed nothing of it runs on (apps/server/test/open-handles.api.test.ts). Loading
        // every file's imports afresh was most of the project's CPU ("npm test duration" in git history of bench/RESULTS.md). A
        // file that mocks modules (vi.mock) or stubs globals would need an isolated project (none does).
        test: {
          name: 'api',
          include: ['apps/server/**/*.api.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          isolate: false,
          // Limits catch a hang, they measure nothing: these files run beside typecheck, lint, the unit tests and
          // the web build, where an AI run over a demo scene took 61 s of wall time (30 s before).
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        // `npm run test:process` (not `npm test`): files that start the real server (`main.ts`) as processes of
        // their own and kill them, minutes each; every process through apps/server/test/server-process.ts.
        test: {
          name: 'process',
          include: ['apps/server/test/process/**/*.process.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        // `npm run test:reliability`: processes, kill -9, load, bombs and fuzzing; long, so never in `npm test`.
        test: {
          name: 'reliability',
          include: ['apps/server/test/reliability/**/*.reliability.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
