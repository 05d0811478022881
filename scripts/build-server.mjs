// `npm run build:server [-- --out DIR]`: the server as the production image runs it. DIR (dist/server by default)
// gets the compiled JavaScript in app/ (main.js, worker.js and the modules the server's threads and child
// processes load, with the files they read beside them), the production dependencies only in node_modules/
// (`npm ci --omit=dev` for @mirante/server, from the repository's lockfile) and, when built, the web app in
// apps/web/dist. Run it with `node app/main.js` from DIR; nothing in it needs tsx or a dev dependency.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// `--code-only`: recompiles app/ and keeps the folder's node_modules (installed by an earlier run).
const { values } = parseArgs({ options: { out: { type: 'string' }, 'code-only': { type: 'boolean' } } });
const out = path.resolve(values.out ?? path.join(root, 'dist/server'));
const app = path.join(out, 'app');
const server = path.join(root, 'apps/server/src');
const log = (message) => console.log(`[build:server] ${message}`);

/**
 * Compiled in: the workspace's own packages, and packages whose ES modules import their files without an
 * extension (tsx resolves those, Node.js does not). Every other package is loaded from node_modules.
 */
const COMPILED_IN = [/^@mirante\//, /^jsts(\/|$)/];
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      COMPILED_IN.some((pattern) => pattern.test(args.path))
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

await rm(values['code-only'] ? app : out, { recursive: true, force: true });
await mkdir(app, { recursive: true });

log(`compilando para ${app}…`);
// Every entry in one folder: the code reaching a sibling file by `new URL('./x', import.meta.url)` (a shared chunk
// included) finds it in app/.
await build({
  entryPoints: {
    main: path.join(server, 'main.ts'),
    worker: path.join(server, 'worker.ts'),
    'cpu-tasks': path.join(server, 'cpu/cpu-tasks.ts'),
    'pdf-render-child': path.join(server, 'features/overlays/pdf/pdf-render-child.ts'),
    'render-worker': path.join(root, 'packages/demo/src/render-worker.ts'),
  },
  outdir: app,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  chunkNames: 'chunk-[hash]',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});

// The files the compiled modules read beside them, and the bootstraps the sources keep for tsx.
await cp(path.join(server, 'db/migrations'), path.join(app, 'migrations'), { recursive: true });
await cp(path.join(server, 'geo/crs/grids'), path.join(app, 'grids'), { recursive: true });
for (const model of ['model.json', 'built-model.json'])
  await cp(path.join(server, 'features/detections/ai', model), path.join(app, model));
await cp(path.join(server, 'cpu/cpu-thread.mjs'), path.join(app, 'cpu-thread.mjs'));
await writeFile(path.join(app, 'pdf-render-bootstrap.mjs'), "await import('./pdf-render-child.js');\n");
await writeFile(path.join(app, 'render-worker-bootstrap.mjs'), "await import('./render-worker.js');\n");

/**
 * `npm ci` for @mirante/server alone, without dev dependencies (the root's `node` package is one: the image
 * brings its own Node.js). It needs the lockfile and every workspace's manifest the lockfile names.
 */
async function installProductionDependencies() {
  const workspaces = ['apps/server', 'apps/web', 'packages/shared', 'packages/demo', 'e2e'];
  for (const file of ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)]) {
    await mkdir(path.dirname(path.join(out, file)), { recursive: true });
    await cp(path.join(root, file), path.join(out, file));
  }
  log('instalando as dependências de produção (npm ci --omit=dev)…');
  const args = ['ci', '--omit=dev', '--workspace', '@mirante/server', '--include-workspace-root=false'];
  const install = spawnSync('npm', [...args, '--no-audit', '--no-fund'], { cwd: out, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

if (!values['code-only']) await installProductionDependencies();

const web = path.join(root, 'apps/web/dist');
if (existsSync(web)) await cp(web, path.join(out, 'apps/web/dist'), { recursive: true });
else log('apps/web/dist não existe: rode `npm run build` antes para que o servidor sirva a aplicação web.');

const modules = (await readdir(app)).filter((file) => file.endsWith('.js')).length;
log(`pronto: ${modules} módulos em ${app}; rode \`node app/main.js\` em ${out}.`);
