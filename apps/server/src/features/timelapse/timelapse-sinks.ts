import type { TimelapseFormat } from '@mirante/shared';
import type { CpuPool } from '../../cpu/cpu-pool';
import { startMp4 } from './timelapse-video';
import { muxWebpAnimation } from './webp-animation';

/**
 * Where an export's drawn frames go, as they are drawn (in any order): still WebP frames (encoded on the pool
 * threads that drew them) kept for the animated WebP's mux; raw frames kept for sharp's one-pass GIF; or raw
 * frames piped to ffmpeg in order, each as soon as the frames before it are in.
 */
export interface FrameSink {
  /** What each frame is drawn as. */
  frameOutput: 'webp' | 'raw';
  add(index: number, frame: Uint8Array): Promise<void>;
  /** The file, once every frame was added. */
  finish(): Promise<Uint8Array>;
  abort(): Promise<void>;
}

export interface SinkSpec {
  format: TimelapseFormat;
  frames: number;
  width: number;
  height: number;
  frameMs: number;
  /** The `ffmpeg` of MP4 exports. */
  ffmpeg: string;
}

function webpSink(spec: SinkSpec): FrameSink {
  const frames = new Array<Uint8Array>(spec.frames);
  return {
    frameOutput: 'webp',
    add: async (index, frame) => {
      frames[index] = frame;
    },
    finish: async () =>
      muxWebpAnimation(
        frames.map((webp) => ({ webp, durationMs: spec.frameMs })),
        spec.width,
        spec.height,
      ),
    abort: async () => undefined,
  };
}

function gifSink(cpu: CpuPool, spec: SinkSpec): FrameSink {
  const frames = new Array<Uint8Array>(spec.frames);
  return {
    frameOutput: 'raw',
    add: async (index, frame) => {
      frames[index] = frame;
    },
    finish: () =>
      cpu.run(
        'encodeTimelapse',
        {
          frames,
          width: spec.width,
          height: spec.height,
          format: 'gif',
          frameMs: spec.frameMs,
        },
        { transfer: frames.map((frame) => frame.buffer as ArrayBuffer) },
      ),
    abort: async () => undefined,
  };
}

async function mp4Sink(spec: SinkSpec): Promise<FrameSink> {
  const writer = await startMp4({
    command: spec.ffmpeg,
    width: spec.width,
    height: spec.height,
    frameMs: spec.frameMs,
  });
  const waiting = new Map<number, Uint8Array>();
  let next = 0;
  let writing: Promise<void> = Promise.resolve();
  return {
    frameOutput: 'raw',
    add(index, frame) {
      waiting.set(index, frame);
      writing = writing.then(async () => {
        for (let ready = waiting.get(next); ready; ready = waiting.get(next)) {
          waiting.delete(next);
          next += 1;
          await writer.write(ready);
        }
      });
      return writing;
    },
    finish: async () => {
      await writing;
      return writer.finish();
    },
    abort: () => writer.abort(),
  };
}

export function frameSink(cpu: CpuPool, spec: SinkSpec): Promise<FrameSink> {
  if (spec.format === 'mp4') return mp4Sink(spec);
  return Promise.resolve(spec.format === 'webp' ? webpSink(spec) : gifSink(cpu, spec));
}
