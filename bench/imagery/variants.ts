// Every GeoTIFF of the shared test-data collection (../shared/testdata/imagery, beside the project when present)
// through the real ingest pipeline: each must ingest or be refused with a clear pt-BR message. The repository's
// own tests cover the redistributable subset in testdata/; this covers the rest when the collection is here.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImageryError } from '../../apps/server/src/imagery/imagery-error';
import { tileScene } from '../../apps/server/src/imagery/ingest-scene';
import { DEFAULT_IMAGE_LIMITS } from '../../apps/server/src/imagery/limits';
import { openSceneSource } from '../../apps/server/src/imagery/open-scene-source';
import { readHead, sniffImage } from '../../apps/server/src/imagery/sniff';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const COLLECTION = process.env.SHARED_TESTDATA
  ? path.resolve(process.env.SHARED_TESTDATA, 'imagery')
  : path.resolve(ROOT, '../shared/testdata/imagery');

interface Outcome {
  file: string;
  result: string;
  ok: boolean;
}

async function ingestOne(file: string): Promise<Outcome> {
  const filePath = path.join(COLLECTION, file);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-variant-'));
  try {
    const kind = sniffImage(await readHead(filePath));
    if (!kind) return { file, result: 'recusado: formato não reconhecido', ok: true };
    const source = await openSceneSource(filePath, kind, null, DEFAULT_IMAGE_LIMITS);
    try {
      const tiled = await tileScene({ source, projectZoom: 16, workDir });
      return {
        file,
        result: `ok: ${tiled.tiles} tiles, z${tiled.minZoom}–${tiled.maxZoom}, ${tiled.seconds.toFixed(1)} s`,
        ok: tiled.tiles > 0,
      };
    } finally {
      await source.close();
    }
  } catch (error) {
    if (error instanceof ImageryError) return { file, result: `recusado: ${error.message}`, ok: true };
    return { file, result: `FALHOU: ${error instanceof Error ? error.message : String(error)}`, ok: false };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!existsSync(COLLECTION)) {
    console.log(
      `not run: ${COLLECTION} not found (the shared test-data collection is not beside this clone)`,
    );
    return;
  }
  const files = (await readdir(COLLECTION)).filter((name) => /\.tiff?$/i.test(name)).sort();
  const outcomes: Outcome[] = [];
  for (const file of files) {
    const outcome = await ingestOne(file);
    outcomes.push(outcome);
    console.log(`${outcome.ok ? '  ' : '✗ '}${file}: ${outcome.result}`);
  }
  const failed = outcomes.filter((outcome) => !outcome.ok);
  console.log(
    `\n${files.length} files: ${files.length - failed.length} ingested or clearly refused, ${failed.length} failed`,
  );
  if (failed.length) process.exitCode = 1;
}

await main();
