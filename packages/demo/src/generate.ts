import { parseArgs } from 'node:util';
import { availableParallelism } from 'node:os';
import { generateDemoImagery } from './demo-imagery';
import type { DemoSiteKey } from './demo-sites';

/**
 * npx tsx packages/demo/src/generate.ts --out data/demo-imagery [--sites allotment,environment,construction]
 *   [--scenes N] [--scale 1] [--seed 2025] [--workers 2]
 */
const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'data/demo-imagery' },
    sites: { type: 'string', default: 'allotment,environment,construction' },
    scenes: { type: 'string' },
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '2025' },
    workers: { type: 'string', default: String(Math.min(2, availableParallelism())) },
  },
});

const known: DemoSiteKey[] = ['allotment', 'environment', 'construction'];
const sites = values.sites.split(',').map((s) => s.trim()) as DemoSiteKey[];
for (const site of sites)
  if (!known.includes(site)) throw new Error(`unknown site '${site}' (use ${known.join(', ')})`);

const manifest = await generateDemoImagery({
  outDir: values.out,
  sites,
  scenes: values.scenes ? Number(values.scenes) : undefined,
  scale: Number(values.scale),
  seed: Number(values.seed),
  workers: Number(values.workers),
});
for (const site of manifest.sites) {
  const pixels = site.scenes.reduce((sum, s) => sum + s.width * s.height, 0);
  const bytes = site.scenes.reduce((sum, s) => sum + s.bytes, 0);
  console.log(
    `${site.key}: ${site.scenes.length} scenes, ${(pixels / 1e6).toFixed(1)} Mpx, ${(bytes / 1e6).toFixed(1)} MB`,
  );
}
console.log(`total ${(manifest.totalMs / 1000).toFixed(1)} s → ${values.out}/manifest.json`);
