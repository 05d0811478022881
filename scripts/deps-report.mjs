// `npm run deps:report`: the direct dependencies of every workspace that are behind, majors first, as a Markdown
// table (paste it in a pull request or an issue). A dependency a major or more behind is marked; the exit code is 0
// either way: this reports, it does not gate.
import { spawnSync } from 'node:child_process';

/** `npm outdated` as JSON; it exits 1 when something is outdated, so only unreadable output is a failure. */
function outdated() {
  const run = spawnSync('npm', ['outdated', '--json'], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  try {
    return JSON.parse(run.stdout || '{}');
  } catch {
    console.error(`[deps] npm outdated não respondeu em JSON:\n${run.stderr}`);
    process.exit(1);
  }
}

// Run at the root, npm lists the direct dependencies of the root and of every workspace, each with its dependent.
const report = outdated();

const major = (version) => Number(String(version ?? '').split('.')[0]);
const rows = Object.entries(report)
  .flatMap(([name, entries]) =>
    (Array.isArray(entries) ? entries : [entries]).map((entry) => ({ name, ...entry })),
  )
  .filter((row) => row.current !== row.latest)
  .map((row) => ({ ...row, majorsBehind: Math.max(0, major(row.latest) - major(row.current)) }))
  .sort((a, b) => b.majorsBehind - a.majorsBehind || a.name.localeCompare(b.name));

console.log('| package | workspace | installed | latest | majors behind |');
console.log('|---|---|---|---|---|');
for (const row of rows)
  console.log(
    `| ${row.name} | ${row.dependent} | ${row.current ?? 'ausente'} | ${row.latest} | ${row.majorsBehind > 0 ? `**${row.majorsBehind}**` : '0'} |`,
  );
const behind = rows.filter((row) => row.majorsBehind > 0).length;
console.log(`\n${rows.length} dependências atrás da última versão; ${behind} a uma major ou mais.`);
