// `npm run dev`: the API server, restarted when its code changes (tsx watch), and the web app with hot reload
// (Vite, http://localhost:5173), whose proxy sends /api and /tiles to the server. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

const children = [
  spawn(tsx, ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];

let stopping = false;
function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
// One of the two ending (a crash, a port in use) ends the other: a half-running dev setup only confuses.
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
