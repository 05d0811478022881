import { LAYER_IMPORT_LIMITS } from '@mirante/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/app-error';
import { readLayerFile } from './read-layer-file';
import { assertDxfWithinLimits } from './dxf-limits';

/** An ASCII DXF of `lots` closed squares (LWPOLYLINE, 4 points each), group codes indented as AutoCAD writes them. */
function dxf(lots: number, eol = '\n'): Buffer {
  const lines: string[] = ['  0', 'SECTION', '  2', 'ENTITIES'];
  for (let lot = 0; lot < lots; lot++) {
    lines.push('  0', 'LWPOLYLINE', '  5', (lot + 16).toString(16), '  8', 'LOTES', ' 90', '4', ' 70', '1');
    for (const [dx, dy] of [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ])
      lines.push(' 10', String(500_000 + lot * 12 + dx!), ' 20', String(7_400_000 + dy!));
  }
  lines.push('  0', 'ENDSEC', '  0', 'EOF', '');
  return Buffer.from(lines.join(eol), 'latin1');
}

function refusal(work: () => void): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

const LIMIT_LOTS = LAYER_IMPORT_LIMITS.maxDxfPoints / 4;

describe('DXF limits, checked before any parsing', () => {
  it('lets through a DXF at the point limit, with CRLF line ends and a byte-order mark too', () => {
    expect(() => assertDxfWithinLimits(dxf(LIMIT_LOTS))).not.toThrow();
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), dxf(100, '\r\n')]);
    expect(() => assertDxfWithinLimits(withBom)).not.toThrow();
  });

  it('refuses one point over the limit with a pt-BR reason', () => {
    const error = refusal(() => assertDxfWithinLimits(dxf(LIMIT_LOTS + 1)));
    expect(error.statusCode).toBe(422);
    expect(error.code).toBe('TOO_MANY_FEATURES');
    expect(error.message).toBe(
      'O DXF tem mais de 500.000 vértices. Exporte só as camadas de lotes, quadras e etapas, ou divida o arquivo.',
    );
  });

  it('counts group codes only: values that read 10 are not points', () => {
    const values = ['  0', 'SECTION', '  2', 'ENTITIES'];
    for (let i = 0; i < LAYER_IMPORT_LIMITS.maxDxfPoints + 10; i++) values.push(' 70', '10');
    values.push('  0', 'ENDSEC', '  0', 'EOF', '');
    expect(() => assertDxfWithinLimits(Buffer.from(values.join('\n'), 'latin1'))).not.toThrow();
  });

  it('refuses a DXF over its size limit, saying its size and the limit, before reading it', async () => {
    const big = Buffer.concat([dxf(10), Buffer.alloc(LAYER_IMPORT_LIMITS.maxDxfBytes, 0x20)]);
    await expect(readLayerFile(big)).rejects.toMatchObject({
      statusCode: 413,
      code: 'FILE_TOO_LARGE',
      message:
        'O DXF tem 26 MB; o limite é 25 MB. Exporte só as camadas de lotes, quadras e etapas, ou divida o arquivo.',
    });
  });
});
