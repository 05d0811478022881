// `npm run test:slowest [run folder]`: the 20 slowest tests and test files of the newest `npm test` run (or of the
// folder given), from its Vitest and Playwright JSON reports, each with its share of its tier's total.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { latestRun } from './test-runs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runDir = process.argv[2] ? path.resolve(process.argv[2]) : latestRun(root);
if (!runDir || !existsSync(runDir)) {
  console.error('Nenhuma execução de `npm test` registrada em test-results/runs/.');
  process.exit(1);
}
const LIMIT = 20;
// Names relative to the repository the run was made in (a clean clone's, say): <repo>/test-results/runs/<run>.
const runRoot = path.resolve(runDir, '../../..');
const relative = (file) => path.relative(runRoot, file);
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

/** Vitest's JSON report: one entry per file, each with its tests. */
function vitestRows(tier, report) {
  const tests = [];
  const files = [];
  for (const file of report?.testResults ?? []) {
    const name = relative(file.name);
    files.push({ tier, name, ms: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)) });
    for (const test of file.assertionResults ?? [])
      tests.push({
        tier,
        name: `${name} › ${test.fullName ?? test.title}`,
        ms: test.duration ?? 0,
        status: test.status,
      });
  }
  return { tests, files };
}

/** Playwright's JSON report: suites (files, then describe blocks) holding specs, each run once per project. */
function playwrightRows(report) {
  const tests = [];
  const byFile = new Map();
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? []) {
          const file = spec.file ?? suite.file ?? '?';
          tests.push({
            tier: 'e2e',
            name: `${file} › ${[...titles, spec.title].join(' › ')}`,
            ms: result.duration,
            status: result.status,
          });
          byFile.set(file, (byFile.get(file) ?? 0) + result.duration);
        }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) visit(suite, []);
  const files = [...byFile].map(([name, ms]) => ({ tier: 'e2e', name: `e2e/tests/${name}`, ms }));
  return { tests, files };
}

const tiers = [
  ['unit', vitestRows('unit', readJson(path.join(runDir, 'unit.json')))],
  ['api', vitestRows('api', readJson(path.join(runDir, 'api.json')))],
  ['process', vitestRows('process', readJson(path.join(runDir, 'process.json')))],
  ['e2e', playwrightRows(readJson(path.join(runDir, 'e2e.json')))],
];
const totals = new Map(tiers.map(([tier, rows]) => [tier, rows.files.reduce((sum, row) => sum + row.ms, 0)]));
const phases = readJson(path.join(runDir, 'phases.json'));

const table = (title, rows) => {
  console.log(`\n${title}`);
  console.log('| # | tier | s | share of tier | name |\n|---|---|---|---|---|');
  rows
    .sort((a, b) => b.ms - a.ms)
    .slice(0, LIMIT)
    .forEach((row, index) => {
      const share = (100 * row.ms) / (totals.get(row.tier) || 1);
      const status = row.status && row.status !== 'passed' ? ` (${row.status})` : '';
      console.log(
        `| ${index + 1} | ${row.tier} | ${(row.ms / 1000).toFixed(1)} | ${share.toFixed(1)} % | ${row.name}${status} |`,
      );
    });
};

console.log(`Execução: ${path.relative(root, runDir)}${phases ? ` (total ${phases.totalS} s)` : ''}`);
if (phases)
  for (const step of phases.steps)
    console.log(`  ${step.name}: ${step.wallS} s ${step.code === 0 ? 'ok' : `FALHOU (${step.code})`}`);
for (const [tier, total] of totals)
  if (total > 0) console.log(`  soma dos arquivos de ${tier}: ${(total / 1000).toFixed(1)} s`);
table(
  `Os ${LIMIT} testes mais lentos`,
  tiers.flatMap(([, rows]) => rows.tests),
);
table(
  `Os ${LIMIT} arquivos mais lentos`,
  tiers.flatMap(([, rows]) => rows.files),
);
