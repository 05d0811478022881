import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageChunksOf, muxWebpAnimation } from './webp-animation';

const WIDTH = 33;
const HEIGHT = 20;
const COLOURS = [
  { r: 220, g: 20, b: 20 },
  { r: 20, g: 200, b: 30 },
  { r: 20, g: 30, b: 210 },
];

const still = (colour: { r: number; g: number; b: number }, alpha = false) =>
  sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: alpha ? 4 : 3,
      background: { ...colour, alpha: alpha ? 0.5 : 1 },
    },
  })
    .webp({ quality: 90, effort: 1 })
    .toBuffer();

async function centreOf(file: Buffer, page: number): Promise<number[]> {
  const { data, info } = await sharp(file, { page }).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

describe('muxWebpAnimation', () => {
  it('makes one looping animation of the still frames, in order, each with its duration', async () => {
    const frames = await Promise.all(COLOURS.map((colour) => still(colour)));
    const file = muxWebpAnimation(
      frames.map((webp, index) => ({ webp, durationMs: 400 + index * 100 })),
      WIDTH,
      HEIGHT,
    );
    const meta = await sharp(file, { animated: true }).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.pages).toBe(3);
    expect([meta.width, meta.pageHeight]).toEqual([WIDTH, HEIGHT]);
    expect(meta.delay).toEqual([400, 500, 600]);
    expect(meta.loop).toBe(0);
    expect(meta.hasAlpha).toBe(false);
    for (const [page, colour] of COLOURS.entries()) {
      const [r, g, b] = await centreOf(file, page);
      expect(Math.abs(r! - colour.r) + Math.abs(g! - colour.g) + Math.abs(b! - colour.b)).toBeLessThan(30);
    }
  });

  it('marks the canvas as having alpha when a frame has it', async () => {
    const file = muxWebpAnimation(
      [
        { webp: await still(COLOURS[0]!), durationMs: 100 },
        { webp: await still(COLOURS[1]!, true), durationMs: 100 },
      ],
      WIDTH,
      HEIGHT,
    );
    const meta = await sharp(file, { animated: true }).metadata();
    expect(meta.pages).toBe(2);
    expect(meta.hasAlpha).toBe(true);
  });

  it('refuses a frame that is no WebP, or already an animation', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(() => imageChunksOf(png)).toThrow('não é um arquivo WebP');
    const animation = muxWebpAnimation([{ webp: await still(COLOURS[0]!), durationMs: 100 }], WIDTH, HEIGHT);
    expect(() => imageChunksOf(animation)).toThrow('já é uma animação');
  });
});
