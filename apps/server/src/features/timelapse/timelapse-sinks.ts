import type { TimelapseFormat } from '@mirante/shared';
import type { CpuPool } from '../../cpu/cpu-pool';
import { startMp4 } from './timelapse-video';

/**
 * Where an export's drawn frames go, as they are drawn (in any order): kept for sharp's one-pass animated
 * WebP/GIF, or piped to ffmpeg in order, each as soon as the frames before it are in.
 */
export interface FrameSink {
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

function animationSink(cpu: CpuPool, spec: SinkSpec & { format: 'webp' | 'gif' }): FrameSink {
  const frames = new Array<Uint8Array>(spec.frames);
  return {
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
          format: spec.format,
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
  const { format } = spec;
  if (format === 'mp4') return mp4Sink(spec);
  return Promise.resolve(animationSink(cpu, { ...spec, format }));
}
