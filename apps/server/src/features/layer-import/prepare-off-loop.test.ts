import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { prepareImport, type PrepareInput } from './prepare-import';
import { prepareImportOffLoop } from './prepare-off-loop';

/** An ASCII DXF of `lots` closed 10 m squares in a row (UTM zone 22S coordinates). */
function dxf(lots: number): Buffer {
  const lines: string[] = ['0', 'SECTION', '2', 'ENTITIES'];
  for (let lot = 0; lot < lots; lot++) {
    lines.push('0', 'LWPOLYLINE', '5', (lot + 16).toString(16), '8', 'LOTES', '90', '4', '70', '1');
    for (const [dx, dy] of [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ])
      lines.push('10', String(400_000 + lot * 12 + dx!), '20', String(7_410_000 + dy!));
  }
  lines.push('0', 'ENDSEC', '0', 'EOF', '');
  return Buffer.from(lines.join('\n'), 'latin1');
}

const input: PrepareInput = {
  fields: { epsg: 31982, deriveBlocks: false, deriveStages: false },
  existing: [],
  takesBoundary: true,
};

describe('preparing a layer import off the event loop', () => {
  it('prepares what the in-thread preparation does, while this thread keeps answering its own events', async () => {
    const file = dxf(1_500);
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    let turnsWhenPrepared = -1;
    const prepared = await prepareImportOffLoop(file, input)
      .then((result) => {
        turnsWhenPrepared = turns;
        return result;
      })
      .finally(() => clearInterval(ticker));
    // Prepared on this thread, the work would have held the loop from start to end: no tick in between.
    expect(turnsWhenPrepared).toBeGreaterThan(0);
    expect(prepared.created).toHaveLength(1_500);
    expect(prepared.boundaryGeometry).not.toBeNull();
    expect(prepared).toEqual(await prepareImport(file, input));
  }, 120_000);

  it('brings back the preparation’s refusal as the same pt-BR error', async () => {
    const junk = Buffer.from('isto não é um arquivo de camadas');
    const refused = await prepareImportOffLoop(junk, input).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 422, code: 'UNKNOWN_FORMAT' });
    await expect(prepareImport(junk, input)).rejects.toMatchObject({
      message: (refused as AppError).message,
    });
  });
});
