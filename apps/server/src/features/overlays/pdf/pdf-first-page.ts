import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { RenderAnswer, RenderFailure, RenderRequest } from './pdf-render-protocol';

/** The safeguards of a conversion (one crafted 1.2 MB PDF otherwise took 54 s and 4.8 GB). */
export interface PdfRenderLimits {
  /** Wall-clock time before the renderer is killed. */
  timeoutMs: number;
  /** Resident memory (bytes) of the renderer past which it is killed. */
  maxMemoryBytes: number;
  /** Largest embedded image (pixels) the renderer decodes; -1 for no cap (only tests switch it off). */
  maxImageSize: number;
  maxLongEdge: number;
  maxDpi: number;
}

export const PDF_RENDER_LIMITS: PdfRenderLimits = {
  timeoutMs: 30_000,
  maxMemoryBytes: 1024 * 1024 * 1024,
  maxImageSize: 40_000_000,
  maxLongEdge: 4096,
  maxDpi: 300,
};

export type PdfRenderFailure = RenderFailure | 'timeout' | 'memory';

export class PdfRenderError extends Error {
  constructor(
    readonly reason: PdfRenderFailure,
    detail: string,
  ) {
    super(detail);
  }
}

export interface RenderedPage {
  width: number;
  height: number;
  /** Peak resident memory of the renderer seen by the watcher (bytes). */
  peakMemoryBytes: number;
}

const BOOTSTRAP = new URL('./pdf-render-bootstrap.mjs', import.meta.url);
const WATCH_INTERVAL_MS = 50;
/** At most this many renderers at once per process (each may use up to `maxMemoryBytes`). */
const MAX_CONCURRENT = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/** Resident memory of a process (Linux /proc), or 0 when it cannot be read. */
async function residentBytes(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Renders page 1 of the PDF at `pdfPath` to a PNG at `outPath` in a child process that is killed when it runs
 * past the time or memory limit. Rejects with a PdfRenderError saying why.
 */
export async function renderPdfFirstPage(
  pdfPath: string,
  outPath: string,
  limits: PdfRenderLimits = PDF_RENDER_LIMITS,
): Promise<RenderedPage> {
  const release = await slot();
  try {
    return await runChild(pdfPath, outPath, limits);
  } finally {
    release();
  }
}

function runChild(pdfPath: string, outPath: string, limits: PdfRenderLimits): Promise<RenderedPage> {
  return new Promise((resolve, reject) => {
    const child = fork(BOOTSTRAP, [], {
      execArgv: ['--max-old-space-size=512'],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    let peak = 0;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watcher);
      if (child.exitCode === null) child.kill('SIGKILL');
      outcome();
    };
    const fail = (reason: PdfRenderFailure, detail: string) =>
      finish(() => reject(new PdfRenderError(reason, detail)));
    const timer = setTimeout(() => fail('timeout', `over ${limits.timeoutMs} ms`), limits.timeoutMs);
    const watcher = setInterval(() => {
      if (child.pid === undefined) return;
      void residentBytes(child.pid).then((bytes) => {
        peak = Math.max(peak, bytes);
        if (bytes > limits.maxMemoryBytes) fail('memory', `${bytes} bytes resident`);
      });
    }, WATCH_INTERVAL_MS);
    child.on('message', (answer: RenderAnswer) => {
      if (answer.ok)
        finish(() => resolve({ width: answer.width, height: answer.height, peakMemoryBytes: peak }));
      else fail(answer.reason, answer.detail);
    });
    child.on('error', (error) => fail('unreadable', String(error)));
    // An answer sent just before exiting may still be on its way: give it a moment.
    child.on('exit', (code, signal) =>
      setTimeout(() => fail('unreadable', `renderer ended (${code ?? signal})`), 200),
    );
    const request: RenderRequest = {
      pdfPath,
      outPath,
      maxImageSize: limits.maxImageSize,
      maxLongEdge: limits.maxLongEdge,
      maxDpi: limits.maxDpi,
    };
    child.send(request);
  });
}
