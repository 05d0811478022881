import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `node --import tsx bench/event-loop/profile-blocks.ts <file.cpuprofile> [--min-ms 50] [--top 8]`: the
 * stretches of a V8 CPU profile (the bench's `--cpu-prof`) where the main thread never went idle for at least
 * `--min-ms`, each with the functions that took its time — what blocked the event loop, and where.
 *
 * A stretch is a run of samples none of which is `(idle)`; its time is the sum of its samples' deltas. On a
 * loaded machine a stretch also holds the time the thread waited for a core (a busy profile, not a blocked one):
 * compare the frames, not only the lengths. Per stretch: start (ms since the profile began), length, and the `--top` frames by
 * inclusive time within the stretch (a frame counted once per sample however deep it recurses), our own code
 * (not node_modules, not node:) marked with `*`.
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'min-ms': { type: 'string', default: '50' }, top: { type: 'string', default: '8' } },
});
const file = positionals[0];
if (!file) throw new Error('uso: profile-blocks.ts <arquivo.cpuprofile> [--min-ms 50] [--top 8]');
const minMs = Number(values['min-ms']);
const top = Number(values.top);

const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
for (const node of profile.nodes) for (const child of node.children ?? []) byId.get(child)!.parent = node.id;

const IDLE = new Set(['(idle)', '(garbage collector)']);
const isIdle = (id: number) => byId.get(id)!.callFrame.functionName === '(idle)';
const label = ({ functionName, url, lineNumber }: CallFrame) => {
  const own = url !== '' && !url.includes('node_modules') && !url.startsWith('node:');
  const where = url ? `${path.basename(url)}:${lineNumber + 1}` : '';
  return `${own ? '*' : ' '} ${functionName || '(anonymous)'} ${where}`.trimEnd();
};

/** Every distinct frame on the sample's stack, leaf to root. */
function stackOf(id: number): string[] {
  const frames = new Set<string>();
  for (let node = byId.get(id); node; node = node.parent ? byId.get(node.parent) : undefined) {
    if (!IDLE.has(node.callFrame.functionName) && node.callFrame.functionName !== '(root)')
      frames.add(label(node.callFrame));
  }
  return [...frames];
}

interface Stretch {
  start: number;
  ms: number;
  samples: [id: number, ms: number][];
}
const stretches: Stretch[] = [];
let at = 0;
let run: Stretch | null = null;
for (const [index, id] of profile.samples.entries()) {
  const delta = (profile.timeDeltas[index] ?? 0) / 1000;
  at += delta;
  if (isIdle(id)) {
    if (run && run.ms >= minMs) stretches.push(run);
    run = null;
    continue;
  }
  run ??= { start: at, ms: 0, samples: [] };
  run.ms += delta;
  run.samples.push([id, delta]);
}
if (run && run.ms >= minMs) stretches.push(run);

console.log(`${path.basename(file)}: ${stretches.length} trechos sem ociosidade ≥ ${minMs} ms`);
for (const stretch of stretches) {
  const inclusive = new Map<string, number>();
  for (const [id, ms] of stretch.samples)
    for (const frame of stackOf(id)) inclusive.set(frame, (inclusive.get(frame) ?? 0) + ms);
  console.log(`\n@${(stretch.start / 1000).toFixed(1)} s: ${stretch.ms.toFixed(0)} ms`);
  const frames = [...inclusive].sort((a, b) => b[1] - a[1]);
  const ours = frames.filter(([frame]) => frame.startsWith('*')).slice(0, top);
  const leaves = new Map<string, number>();
  for (const [id, ms] of stretch.samples) {
    const leaf = label(byId.get(id)!.callFrame);
    leaves.set(leaf, (leaves.get(leaf) ?? 0) + ms);
  }
  for (const [frame, ms] of ours) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${frame}`);
  console.log('  próprios (self):');
  for (const [frame, ms] of [...leaves].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${frame}`);
}
