import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Layer, LayerDetailRow, Observation } from '@mirante/shared';
import { multipartBody, type MultipartFilePart } from '../../../test/multipart';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { loadDemoLayers } from '../demo/demo-layers.loader';
import { todayInBrazil } from './observations.service';

let context: TestContext;
let user: string;
let manager: string;
let otherCustomer: string;
let lot: Layer;
let png: Buffer;

const photo = (content: Buffer, filename = 'foto.png'): MultipartFilePart => ({
  name: 'images[]',
  filename,
  content,
  contentType: 'image/png',
});

function post(
  token: string,
  layerId: number,
  fields: Record<string, string>,
  files: MultipartFilePart[] = [],
) {
  const body = multipartBody(fields, files);
  return context.app.inject({
    method: 'POST',
    url: `/api/v1/layer/${layerId}/obs`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const remove = (token: string, layerId: number, obsId: number) =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/layer/${layerId}/obs/${obsId}/delete`,
    headers: bearer(token),
  });

beforeAll(async () => {
  context = await createTestContext();
  await loadDemoLayers(context.db, context.services.layerImport);
  user = await context.login('usuario@horizonte.com.br');
  manager = await context.login('gerente@horizonte.com.br');
  otherCustomer = await context.login('usuario@valeverde.com.br');
  const { id } = await context.db
    .selectFrom('projects')
    .select('id')
    .where('space', '=', 'jardim-das-palmeiras')
    .executeTakeFirstOrThrow();
  const layers = (
    await context.app.inject({ method: 'GET', url: `/api/v1/project/${id}/layers`, headers: bearer(user) })
  ).json<Layer[]>();
  lot = layers.find((layer) => layer.type === 'LOT')!;
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await context.close();
});

describe('POST /layer/:layerId/obs', () => {
  it('creates an observation with photos, served back to members only', async () => {
    const response = await post(user, lot.id, { date: '2026-03-10', description: 'Muro caído na divisa' }, [
      photo(png),
      photo(png, 'outra.png'),
    ]);
    expect(response.statusCode).toBe(200);
    const observation = response.json<Observation>();
    expect(observation).toMatchObject({
      date: '2026-03-10',
      description: 'Muro caído na divisa',
      created_by_me: true,
      created_by: expect.any(String) as string,
    });
    expect(observation.photos).toHaveLength(2);
    const image = await context.app.inject({
      method: 'GET',
      url: `${observation.photos[0]}?api_token=${user}`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    expect((await context.app.inject({ method: 'GET', url: observation.photos[0]! })).statusCode).toBe(401);
    const foreign = await context.app.inject({
      method: 'GET',
      url: `${observation.photos[0]}?api_token=${otherCustomer}`,
    });
    expect(foreign.statusCode).toBe(404);

    const rows = (
      await context.app.inject({ method: 'GET', url: `/api/v1/layer/${lot.id}`, headers: bearer(manager) })
    ).json<LayerDetailRow[]>();
    const list = rows.find((row) => row.field === 'OBS_LIST');
    expect(list?.field === 'OBS_LIST' && list.value[0]).toMatchObject({
      id: observation.id,
      created_by_me: false,
    });
  });

  it('validates date, description, image count and type with the spec messages', async () => {
    const message = async (fields: Record<string, string>, files: MultipartFilePart[] = []) => {
      const response = await post(user, lot.id, fields, files);
      return [response.statusCode, response.json<{ message: string }>().message];
    };
    expect(await message({ description: 'x' })).toEqual([422, 'Informe a data da observação.']);
    const tomorrow = new Date(Date.parse(`${todayInBrazil()}T12:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(await message({ date: tomorrow, description: 'x' })).toEqual([
      422,
      'A data da observação não pode ser futura.',
    ]);
    expect(await message({ date: '2026-01-01', description: '   ' })).toEqual([
      422,
      'Informe a descrição da observação.',
    ]);
    expect(await message({ date: '2026-01-01', description: 'a'.repeat(256) })).toEqual([
      422,
      'A descrição deve ter no máximo 255 caracteres.',
    ]);
    const eleven = Array.from({ length: 11 }, () => photo(png));
    expect(await message({ date: '2026-01-01', description: 'x' }, eleven)).toEqual([
      422,
      'Envie no máximo 10 imagens.',
    ]);
    const fake = photo(Buffer.from('%PDF-1.7 não é imagem'), 'foto.png');
    expect(await message({ date: '2026-01-01', description: 'x' }, [fake])).toEqual([
      422,
      'Apenas imagens (JPEG, PNG, WebP ou GIF) podem ser enviadas.',
    ]);
  });

  it('refuses images over 50 MB with the spec message', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 10);
    png.copy(big);
    const response = await post(user, lot.id, { date: '2026-01-01', description: 'x' }, [photo(big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toBe(
      'O arquivo enviado ultrapassou o limite de 50MB',
    );
  });

  it('is 401 without a session and 404 on another customer’s lot', async () => {
    const body = multipartBody({ date: '2026-01-01', description: 'x' }, []);
    const anonymous = await context.app.inject({
      method: 'POST',
      url: `/api/v1/layer/${lot.id}/obs`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await post(otherCustomer, lot.id, { date: '2026-01-01', description: 'x' })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /layer/:layerId/obs/:obsId/delete', () => {
  it('lets only the author remove an observation', async () => {
    const created = (
      await post(user, lot.id, { date: '2026-02-01', description: 'Entulho' }, [photo(png)])
    ).json<Observation>();
    expect((await remove(manager, lot.id, created.id)).statusCode).toBe(403);
    expect((await remove(otherCustomer, lot.id, created.id)).statusCode).toBe(404);
    const removed = await remove(user, lot.id, created.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: created.id });
    expect((await remove(user, lot.id, created.id)).statusCode).toBe(404);
    const image = await context.app.inject({ method: 'GET', url: `${created.photos[0]}?api_token=${user}` });
    expect(image.statusCode).toBe(404);
  });
});
