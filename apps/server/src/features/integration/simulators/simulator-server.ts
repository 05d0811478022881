import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Faults a test (or the demo) switches on to see how a connector copes. Paths match by substring. */
export interface SimulatorFaults {
  /** Answer 429 to the next n requests (with Retry-After when `retryAfterSeconds` is set). */
  tooManyRequests?: number;
  retryAfterSeconds?: number;
  /** Answer with a body that is not what the vendor documents. */
  malformed?: string[];
  /** Never answer (the connector's time-out must fire). */
  hang?: string[];
  /** Answer 500 with the vendor's error body, from the `failAfter`-th matching request on (default the first). */
  fail?: string[];
  failAfter?: number;
}

export interface SimRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface SimResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RunningSimulator {
  /** http://127.0.0.1:<port> */
  origin: string;
  faults: SimulatorFaults;
  /** Every request received, in order (method and path). */
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

export interface SimulatorHandler {
  handle(request: SimRequest): SimResponse;
  /** The vendor's error body for a status and message. */
  errorBody(status: number, message: string): unknown;
  /** What a malformed answer looks like for this vendor. */
  malformedBody(path: string): unknown;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function send(response: ServerResponse, answer: SimResponse): void {
  const headers = { ...answer.headers };
  if (answer.body === undefined) {
    response.writeHead(answer.status, headers).end();
    return;
  }
  const text =
    typeof answer.body === 'string' && headers['content-type'] ? answer.body : JSON.stringify(answer.body);
  response
    .writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...headers })
    .end(text);
}

/** A vendor simulator on 127.0.0.1 (random port) with switchable faults. Never reaches the internet. */
export async function startSimulator(handler: SimulatorHandler): Promise<RunningSimulator> {
  const faults: SimulatorFaults = {};
  const requests: { method: string; path: string }[] = [];
  const failCounts = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const matches = (list: string[] | undefined, path: string) => list?.find((part) => path.includes(part));

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://simulator');
      const path = decodeURIComponent(url.pathname);
      requests.push({ method: request.method ?? 'GET', path });
      const body = await readBody(request);
      if (matches(faults.hang, path)) {
        hanging.add(response);
        return;
      }
      if ((faults.tooManyRequests ?? 0) > 0) {
        faults.tooManyRequests = (faults.tooManyRequests ?? 0) - 1;
        const retry = faults.retryAfterSeconds;
        return send(response, {
          status: 429,
          body: handler.errorBody(429, 'Too Many Requests'),
          headers: retry === undefined ? {} : { 'retry-after': String(retry) },
        });
      }
      const failing = matches(faults.fail, path);
      if (failing) {
        const count = (failCounts.get(failing) ?? 0) + 1;
        failCounts.set(failing, count);
        if (count >= (faults.failAfter ?? 1))
          return send(response, { status: 500, body: handler.errorBody(500, 'Erro interno do servidor') });
      }
      if (matches(faults.malformed, path))
        return send(response, { status: 200, body: handler.malformedBody(path) });
      send(
        response,
        handler.handle({
          method: request.method ?? 'GET',
          path,
          query: url.searchParams,
          headers: request.headers,
          body,
        }),
      );
    })().catch((error: unknown) => {
      send(response, { status: 500, body: handler.errorBody(500, String(error)) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    faults,
    requests,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
