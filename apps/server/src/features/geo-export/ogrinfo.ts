import { execFile } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether GDAL's ogrinfo is installed (`.ci/run` installs gdal-bin; the tests that read files with it skip without it). */
export const hasOgrinfo = spawnSync('ogrinfo', ['--version']).status === 0;

/** `ogrinfo -ro -al` of a file (with `-so`: the summary only), as a GIS client reads it. */
export async function ogrinfo(path: string, options: { summary?: boolean; config?: string[] } = {}) {
  const args = [...(options.config ?? []), '-ro', '-al', ...(options.summary === false ? [] : ['-so']), path];
  const { stdout } = await run('ogrinfo', args, { maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** Per layer of an ogrinfo summary: its name, feature count, EPSG code and attribute names. */
export function ogrLayers(summary: string) {
  return summary
    .split(/\nLayer name: /)
    .slice(1)
    .map((block) => ({
      name: block.split('\n')[0]!.trim(),
      count: Number(/Feature Count: (\d+)/.exec(block)?.[1]),
      // the CRS's own ID is the last one of its WKT
      epsg: [...block.matchAll(/ID\["EPSG",(\d+)\]\]/g)].map((match) => Number(match[1])).pop() ?? null,
      fields: [...block.matchAll(/^(\w+): (?:String|Real|Integer|Integer64|Date|DateTime)/gm)].map(
        (m) => m[1]!,
      ),
    }));
}
