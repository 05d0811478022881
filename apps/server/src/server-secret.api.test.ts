import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Scene } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../test/factories';
import { bearer, createTestContext, type TestContext } from '../test/test-app';
import { createTileSigner } from './features/scenes/tile-signature';
import { legacyPathKey, secretFilePath } from './server-secret';

/*
 * Two installs on the same data folder path (the path an attacker guesses: /srv/mirante/data, /opt/mirante/data)
 * hold different secrets: a signed tile URL of one, or one forged from the path, opens nothing on the other.
 */

interface Install {
  context: TestContext;
  tileUrl: string;
  space: string;
}

let parent: string;
let dataDir: string;
let installs: Install[] = [];

async function install(): Promise<Install> {
  const context = await createTestContext({ dataDir });
  const make = factories(context);
  const project = await make.buildProject();
  await make.buildScene(project.id, { date: '2026-04-01', published: true });
  const member = await make.signIn(
    await make.buildUser('MANAGER', ['allotment.map'], {
      customerId: project.customerId,
      projectIds: [project.id],
    }),
  );
  const listed = await context.app.inject({
    method: 'GET',
    url: `/api/v1/project/${project.id}/scenes`,
    headers: bearer(member),
  });
  const tileUrl = (listed.json() as Scene[])[0]!.tileUrl.replace('{z}/{x}/{y}', '19/190000/290000');
  return { context, tileUrl, space: project.space };
}

const get = (target: Install, url: string) => target.context.app.inject({ method: 'GET', url });

beforeAll(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'mirante-same-path-'));
  dataDir = path.join(parent, 'data');
  const first = await install();
  // The first install is wiped; the second is made on the very same path.
  await first.context.close();
  await rm(dataDir, { recursive: true, force: true });
  installs = [first, await install()];
}, 120_000);

afterAll(async () => {
  await installs[1]?.context.close();
  await rm(parent, { recursive: true, force: true });
});

describe('the server’s secret of two installs on one data folder path', () => {
  it('is random per install, kept in the data folder readable by the server’s user only', async () => {
    const [first, second] = installs as [Install, Install];
    expect(second.context.config.integrationKey).toHaveLength(32);
    expect(second.context.config.integrationKey).not.toEqual(first.context.config.integrationKey);
    expect(second.context.config.integrationKey).not.toEqual(legacyPathKey(dataDir));
    expect((await stat(secretFilePath(dataDir))).mode & 0o777).toBe(0o600);
  });

  it('serves its own signed tile URL and refuses the other install’s, and one forged from the path', async () => {
    const [first, second] = installs as [Install, Install];
    expect((await get(second, second.tileUrl)).statusCode).toBe(200);

    const replayed = await get(second, first.tileUrl.replace(first.space, second.space));
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json()).toMatchObject({ code: 'TILE_SIGNATURE_INVALID' });

    // What the attack did: sign with the key derived from the guessed path.
    const forger = createTileSigner(legacyPathKey(dataDir));
    const session = /[?&]s=(\d+)/.exec(second.tileUrl)![1]!;
    const forged = forger.sign(second.space, '2026-04-01', session);
    const forgedUrl = second.tileUrl
      .replace(/exp=\d+/, `exp=${forged.expires}`)
      .replace(/sig=[\w-]+/, `sig=${forged.signature}`);
    expect(forgedUrl).not.toBe(second.tileUrl);
    const refused = await get(second, forgedUrl);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'TILE_SIGNATURE_INVALID',
      message: 'Link de tiles inválido ou expirado. Recarregue o mapa.',
    });
  });
});
