import { createServer } from 'node:net';

/**
 * Fails as `listen` would on `host:port` (EADDRINUSE, EACCES…) when the HTTP port cannot be taken, so a second
 * instance stops before it starts its database; the real listen may still fail later and is reported the same way.
 */
export function probeHttpPort(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
