import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * MP4 timelapses (H.264) written by `ffmpeg`, an optional tool of the server like GDAL: Node has no kept H.264
 * encoder of its own (WebCodecs is a browser API). The frames are piped as raw RGB into a child process, one
 * by one as they are drawn, so neither the encoding nor the frames' wait blocks the event loop.
 */

const answers = new Map<string, Promise<boolean>>();

/** Whether `command` runs here and has the libx264 encoder; asked once per command, without blocking. */
export function canWriteMp4(command: string): Promise<boolean> {
  let answer = answers.get(command);
  if (!answer) {
    answer = new Promise<boolean>((resolve) => {
      execFile(command, ['-hide_banner', '-encoders'], { maxBuffer: 8 * 1024 * 1024 }, (error, stdout) =>
        resolve(!error && /\blibx264\b/.test(stdout)),
      );
    });
    answers.set(command, answer);
  }
  return answer;
}

export interface Mp4Options {
  command: string;
  width: number;
  height: number;
  /** How long each frame shows. */
  frameMs: number;
}

export interface Mp4Writer {
  /** The next frame's RGB pixels (width × height × 3 bytes), in order; resolves when ffmpeg took them. */
  write(frame: Uint8Array): Promise<void>;
  /** Ends the input and answers the file once ffmpeg has written it. */
  finish(): Promise<Buffer>;
  /** Stops ffmpeg and removes its file (a failed export). */
  abort(): Promise<void>;
}

/** ffmpeg's arguments: raw RGB frames at 1000/frameMs per second in, H.264 yuv420p MP4 out, cut to even sides. */
export function mp4Arguments(options: Omit<Mp4Options, 'command'>, file: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${options.width}x${options.height}`],
    ...['-framerate', `1000/${options.frameMs}`, '-i', 'pipe:0'],
    // yuv420p halves the chroma both ways: H.264 players want even sides (a 1-pixel edge goes at most).
    ...['-vf', 'crop=trunc(iw/2)*2:trunc(ih/2)*2'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-movflags', '+faststart', '-y', file],
  ];
}

/** Starts ffmpeg writing an MP4 into a temporary folder; feed it the frames, then `finish`. */
export async function startMp4(options: Mp4Options): Promise<Mp4Writer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mirante-timelapse-'));
  const file = path.join(dir, 'timelapse.mp4');
  const child = spawn(options.command, mp4Arguments(options, file), { stdio: ['pipe', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  // Awaited by write, finish or abort; a failed start must not also count as an unhandled rejection.
  exited.catch(() => undefined);
  // A write after ffmpeg stopped fails with EPIPE: the exit below says why.
  child.stdin.on('error', () => undefined);
  const failure = (code: number | null) =>
    new Error(`ffmpeg terminou com o código ${String(code)}: ${errors.trim() || 'sem mensagem'}`);

  return {
    async write(frame) {
      if (child.exitCode !== null) throw failure(child.exitCode);
      if (!child.stdin.write(frame))
        await Promise.race([
          once(child.stdin, 'drain'),
          exited.then((code) => Promise.reject(failure(code))),
        ]);
    },
    async finish() {
      try {
        child.stdin.end();
        const code = await exited;
        if (code !== 0) throw failure(code);
        return await readFile(file);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async abort() {
      child.kill('SIGKILL');
      await exited.catch(() => null);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
