import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/app-error';
import { readLayerFile } from './read-layer-file';
import { readLayerFileOffLoop } from './read-off-loop';

/** An ASCII DXF of `lots` closed 10 m squares in a row (UTM-like coordinates). */
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
      lines.push('10', String(500_000 + lot * 12 + dx!), '20', String(7_400_000 + dy!));
  }
  lines.push('0', 'ENDSEC', '0', 'EOF', '');
  return Buffer.from(lines.join('\n'), 'latin1');
}

describe('reading a layer file off the event loop', () => {
  it('reads what the reader reads, while this thread keeps answering its own events', async () => {
    const file = dxf(20_000);
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    let turnsWhenRead = -1;
    const read = readLayerFileOffLoop(file).then((source) => {
      turnsWhenRead = turns;
      return source;
    });
    const source = await read.finally(() => clearInterval(ticker));
    // Parsed on this thread, the read would have held the loop from start to end: no tick in between.
    expect(turnsWhenRead).toBeGreaterThan(0);
    expect(source.format).toBe('dxf');
    expect(source.features).toHaveLength(20_000);
    expect(source).toEqual(await readLayerFile(file));
  }, 60_000);

  it('brings back the reader’s refusal as the same pt-BR error', async () => {
    const refused = await readLayerFileOffLoop(Buffer.from('isto não é um arquivo de camadas')).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 422, code: 'UNKNOWN_FORMAT' });
    await expect(readLayerFile(Buffer.from('isto não é um arquivo de camadas'))).rejects.toMatchObject({
      message: (refused as AppError).message,
    });
  });
});
