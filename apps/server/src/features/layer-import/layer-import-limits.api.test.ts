import { LAYER_IMPORT_LIMITS, type ErrorResponse } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { multipartBody } from '../../../test/multipart';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let context: TestContext;
let admin: string;
let projectId: number;

/** A DXF of one closed square, padded with comments (group 999) to about `bytes`. */
function paddedDxf(bytes: number): Buffer {
  const square = [
    '0',
    'SECTION',
    '2',
    'ENTITIES',
    '0',
    'LWPOLYLINE',
    '8',
    'LOTES',
    '90',
    '4',
    '70',
    '1',
    ...[
      [500000, 7400000],
      [500010, 7400000],
      [500010, 7400010],
      [500000, 7400010],
    ].flatMap(([x, y]) => ['10', String(x), '20', String(y)]),
  ].join('\n');
  const comment = `999\n${'x'.repeat(1020)}\n`;
  const padding = comment.repeat(Math.max(0, Math.floor((bytes - square.length) / comment.length)));
  return Buffer.from(`${square}\n${padding}0\nENDSEC\n0\nEOF\n`, 'latin1');
}

function post(file: Buffer) {
  const body = multipartBody({ epsg: '31983' }, [
    { name: 'file', filename: 'levantamento.dxf', content: file },
  ]);
  return context.app.inject({
    method: 'POST',
    url: `/api/v1/project/${projectId}/layers/import`,
    headers: { ...bearer(admin), ...body.headers },
    payload: body.payload,
  });
}

beforeAll(async () => {
  context = await createTestContext();
  const make = factories(context);
  admin = await make.signIn(await make.buildUser('ADMIN'));
  projectId = (await make.buildProject()).id;
});

afterAll(() => context?.close());

describe('a DXF too big to read in seconds', () => {
  it('is refused before it is read, saying its size and the limit, and nothing is written', async () => {
    const response = await post(paddedDxf(LAYER_IMPORT_LIMITS.maxDxfBytes + 1024 * 1024));
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorResponse>()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message:
        'O DXF tem 26 MB; o limite é 25 MB. Exporte só as camadas de lotes, quadras e etapas, ou divida o arquivo.',
    });
    const layers = await context.db
      .selectFrom('layers')
      .select('id')
      .where('projectId', '=', projectId)
      .execute();
    expect(layers).toEqual([]);
  });

  it('is read when within the limits (the same drawing, a small file)', async () => {
    const response = await post(paddedDxf(4096));
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  });
});
