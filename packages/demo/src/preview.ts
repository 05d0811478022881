import sharp from 'sharp';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * npx tsx packages/demo/src/preview.ts OUT_DIR SCENE.tif [...]: PNG previews of a scene at three zooms (whole scene,
 * a 700 × 500 px window, and a 200 × 140 px window enlarged 4×), centred on the scene.
 */
const [outDir = 'data/demo-imagery/previews', ...files] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
for (const file of files) {
  const image = sharp(file);
  const { width = 0, height = 0 } = await image.metadata();
  const name = basename(file, '.tif');
  const site = basename(join(file, '..'));
  const cx = Math.floor(width * 0.62);
  const cy = Math.floor(height * 0.35);
  await sharp(file)
    .resize(1400)
    .png()
    .toFile(join(outDir, `${site}-${name}-1-whole.png`));
  await sharp(file)
    .extract({ left: cx - 350, top: cy - 250, width: 700, height: 500 })
    .png()
    .toFile(join(outDir, `${site}-${name}-2-block.png`));
  await sharp(file)
    .extract({ left: cx - 100, top: cy - 70, width: 200, height: 140 })
    .resize(800, 560, { kernel: 'nearest' })
    .png()
    .toFile(join(outDir, `${site}-${name}-3-lots.png`));
}
