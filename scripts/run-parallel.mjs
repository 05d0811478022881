// `node scripts/run-parallel.mjs A B …`: runs the npm scripts A, B, … at the same time and exits non-zero if any
// failed, after all have ended. For steps that leave cores idle when run alone: `npm test` runs its first three so
// (tsc, ESLint, Prettier and the unit tests' single Vitest worker keep one core busy each). The API and browser
// tests go through it one at a time, for its timing line: side by side they starved each other on a slow runner
// (bench/RESULTS.md, "npm test duration").
// Each script's output is held and printed whole when it ends, so that the logs do not interleave.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const started = Date.now();

function run(name) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? 'ok' : `FALHOU (${code ?? signal})`;
      process.stdout.write(`\n> npm run ${name}: ${verdict} em ${seconds} s\n${Buffer.concat(output)}`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(names.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
