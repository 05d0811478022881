import cluster from 'node:cluster';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = { '.png': 'image/png', '.webp': 'image/webp' };

/**
 * The peer used when nginx is not installed: a bare Node static file server (`processes` of them on one port,
 * through node:cluster), reading each file per request, as the simplest server a user could write.
 */
export async function startStaticServer(
  root: string,
  port: number,
  processes: number,
): Promise<{ stop: () => void }> {
  cluster.setupPrimary({
    exec: import.meta.filename,
    args: [root, String(port)],
    execArgv: ['--import', 'tsx'],
  });
  const workers = Array.from({ length: processes }, () => cluster.fork());
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('listening', resolve))));
  return { stop: () => workers.forEach((worker) => worker.kill('SIGTERM')) };
}

function serve(root: string, port: number): void {
  http
    .createServer((request, response) => {
      const file = path.join(root, decodeURIComponent((request.url ?? '/').split('?')[0]!));
      if (!file.startsWith(root)) return void response.writeHead(403).end();
      readFile(file).then(
        (body) => {
          response.writeHead(200, {
            'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
            'content-length': body.length,
            'cache-control': 'public, max-age=31536000',
          });
          response.end(body);
        },
        () => response.writeHead(404).end(),
      );
    })
    .listen(port, '127.0.0.1');
}

if (cluster.isWorker) serve(process.argv[2]!, Number(process.argv[3]));
