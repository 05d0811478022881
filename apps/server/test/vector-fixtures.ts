import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A file of the repository's `testdata/vectors` (real lot files), as uploaded. */
export function vectorFixture(name: string): Buffer {
  return readFileSync(path.resolve(import.meta.dirname, '../../../testdata/vectors', name));
}
