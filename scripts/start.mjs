// `npm start`: build the web app when it is missing or older than its sources (`MIRANTE_WEB_BUILD=0` skips
// this check), then run the server under the supervisor (./supervisor.mjs), which starts it again when it dies.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { supervise } from './supervisor.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'apps/web/src'), path.join(root, 'packages/shared/src')];
const stale =
  process.env.MIRANTE_WEB_BUILD !== '0' &&
  (!existsSync(distIndex) ||
    sources.some((dir) => existsSync(dir) && newestMtime(dir) > statSync(distIndex).mtimeMs));
if (stale) {
  console.log('[mirante] Construindo a aplicação web…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const code = await supervise({
  command: process.execPath,
  args: ['--import', 'tsx', 'apps/server/src/main.ts'],
  cwd: root,
  log: (message) => console.log(`[mirante] ${message}`),
});
process.exit(code);
