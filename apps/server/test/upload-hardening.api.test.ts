import { mkdtemp, readdir } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Layer, Observation } from '@mirante/shared';
import { loadDemoLayers } from '../src/features/demo/demo-layers.loader';
import { claimedSizePng } from './bomb-images';
import { multipartBody } from './multipart';
import { bearer, createTestContext, type TestContext } from './test-app';

let context: TestContext;
let baseUrl: string;
let admin: string;
let user: string;
let otherCustomer: string;
let lot: Layer;
let allotmentId: number;
let scratchParent: string;
const ownTmpdir = process.env.TMPDIR;

beforeAll(async () => {
  context = await createTestContext();
  await loadDemoLayers(context.db, context.services.layerImport);
  admin = await context.login('admin@mirante.app.br');
  user = await context.login('usuario@horizonte.com.br');
  otherCustomer = await context.login('usuario@valeverde.com.br');
  const project = await context.db
    .selectFrom('projects')
    .select('id')
    .where('space', '=', 'jardim-das-palmeiras')
    .executeTakeFirstOrThrow();
  allotmentId = project.id;
  const layers = (
    await context.app.inject({
      method: 'GET',
      url: `/api/v1/project/${allotmentId}/layers`,
      headers: bearer(user),
    })
  ).json<Layer[]>();
  lot = layers.find((layer) => layer.type === 'LOT')!;
  // Every temporary file this process writes from here on lands in a folder only this test looks at.
  scratchParent = await mkdtemp(path.join(os.tmpdir(), 'mirante-upload-test-'));
  process.env.TMPDIR = scratchParent;
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  // The process's TMPDIR is given back, should a later file share this process (Vitest's isolate: false).
  if (ownTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = ownTmpdir;
  context?.app.server.closeAllConnections();
  await context?.close();
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

function postObservation(token: string, layerId: number, content: Buffer) {
  const body = multipartBody({ date: '2026-03-10', description: 'Foto' }, [
    { name: 'images[]', filename: 'foto.png', content, contentType: 'image/png' },
  ]);
  return context.app.inject({
    method: 'POST',
    url: `/api/v1/layer/${layerId}/obs`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const observationCount = async () =>
  Number(
    (
      await context.db
        .selectFrom('layerObservations')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('layerId', '=', lot.id)
        .executeTakeFirstOrThrow()
    ).count,
  );

interface StreamedAnswer {
  status: number;
  body: string;
  /** Whether the whole declared body had been sent when the answer arrived. */
  bodyFinished: boolean;
}

/**
 * Declares a 490 MB multipart body, sends its fields and then file bytes a megabyte at a time (at most 64 MB,
 * never the whole body), and resolves with the answer and whether it came while the body was still unsent.
 */
function streamHugeUpload(url: string, token: string, fields: Record<string, string>, fileField: string) {
  const boundary = '----mirante-huge-upload';
  const head = Buffer.from(
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="enorme.tif"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const declared = 490 * 1024 * 1024;
  const megabyte = Buffer.alloc(1024 * 1024, 0x41);
  return new Promise<StreamedAnswer>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(declared),
      },
    });
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          bodyFinished: sent >= declared,
        });
        request.destroy();
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const sendMore = () => {
      if (answered || sent >= 64 * 1024 * 1024) return;
      sent += megabyte.length;
      if (request.write(megabyte)) setImmediate(sendMore);
      else request.once('drain', sendMore);
    };
    request.write(head);
    sent += head.length;
    sendMore();
  });
}

describe('observation photos', () => {
  it('refuses a small PNG whose header claims 20000×20000 pixels with 413 and a pt-BR message, keeping nothing', async () => {
    const before = await observationCount();
    const bomb = claimedSizePng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const response = await postObservation(user, lot.id, bomb);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json<{ message: string }>().message).toContain('megapixels');
    expect(await observationCount()).toBe(before);
  });

  it('keeps a re-encoded copy of a photo: bytes appended after the image (a polyglot) are not served back', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([
      png,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const response = await postObservation(user, lot.id, polyglot);
    expect(response.statusCode, response.body).toBe(200);
    const [photoUrl] = response.json<Observation>().photos;
    const served = await context.app.inject({ method: 'GET', url: photoUrl!, headers: bearer(user) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    const { width, height } = await sharp(served.rawPayload).metadata();
    expect([width, height]).toEqual([16, 16]);
  });

  it("answers another customer's upload to a layer with 404 before its body is read, writing no temporary file", async () => {
    const answer = await streamHugeUpload(
      `${baseUrl}/api/v1/layer/${lot.id}/obs`,
      otherCustomer,
      { date: '2026-03-10', description: 'Intruso' },
      'images[]',
    );
    expect(answer.status, answer.body).toBe(404);
    expect(answer.bodyFinished).toBe(false);
    expect(await filesUnder(scratchParent)).toEqual([]);
  }, 60_000);
});

describe('scene uploads', () => {
  const sceneCount = async () =>
    Number(
      (
        await context.db
          .selectFrom('scenes')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('refuses a small PNG scene whose header claims 30000×30000 pixels with 413 before any work, keeping nothing', async () => {
    const before = await sceneCount();
    const body = multipartBody(
      { date: '2026-04-01', project: String(allotmentId), bounds: '-47.1,-22.9,-47.0,-22.8' },
      [
        {
          name: 'file',
          filename: 'bomba.png',
          content: claimedSizePng(30_000, 30_000),
          contentType: 'image/png',
        },
      ],
    );
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/scene',
      headers: { ...bearer(admin), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json<{ message: string }>().message).toContain('megapixels');
    expect(await sceneCount()).toBe(before);
  });

  it('answers an upload to a project the sender cannot see with 404 before the file is read, writing no temporary file', async () => {
    const answer = await streamHugeUpload(
      `${baseUrl}/api/v1/scene`,
      admin,
      { date: '2026-04-02', project: '2000000000' },
      'file',
    );
    expect(answer.status, answer.body).toBe(404);
    expect(answer.bodyFinished).toBe(false);
    expect(await filesUnder(scratchParent)).toEqual([]);
  }, 60_000);
});
