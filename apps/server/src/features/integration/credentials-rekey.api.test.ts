import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { startInfrastructure } from '../../infrastructure';
import { legacyPathKey } from '../../server-secret';
import type { SiengeCredentials } from './connectors/erp-connector';
import { createCredentialsCipher } from './credentials-cipher';
import { reencryptCredentials } from './credentials-rekey';
import { createIntegrationRepo } from './integration.repo';

/*
 * An install of an earlier release kept its ERP credentials encrypted with the key derived from its data folder's
 * path. Its first start on this release encrypts them again with the server's random secret, keeping them.
 */

let ctx: TestContext;
let first: { customerId: number; token: string };
let second: { customerId: number; token: string };
/** The data folder of the earlier release's install, whose path its key was derived from. */
const oldDataDir = path.join('/srv', 'mirante', 'data');
const oldKey = legacyPathKey(oldDataDir);
const oldCipher = createCredentialsCipher(oldKey);

/** Sienge credentials as the wizard stores them. */
const sienge = (n: number): SiengeCredentials => ({
  url: `https://erp-${n}.example.com/api`,
  username: `usuario-${n}`,
  password: `senha-secreta-${n}`,
});

async function rawCredentials(customerId: number): Promise<Buffer> {
  const row = await ctx.db
    .selectFrom('integrationConfigs')
    .select('credentials')
    .where('customerId', '=', customerId)
    .where('erp', '=', 'sienge')
    .executeTakeFirstOrThrow();
  return row.credentials!;
}

async function savedWithOldKey(customerId: number, n: number): Promise<void> {
  const repo = createIntegrationRepo(ctx.db);
  await repo.saveCredentials(customerId, 'sienge', oldCipher.encrypt(sienge(n), `${customerId}:sienge`));
}

async function shownCredentials(token: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/integration/sienge/credentials',
    headers: bearer(token),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** A start of this release on the old install's database (no INTEGRATION_KEY: the data folder's secret). */
async function upgradeStart(): Promise<string[]> {
  const lines: string[] = [];
  const infra = await startInfrastructure(
    { ...ctx.config, legacyIntegrationKey: oldKey, previousIntegrationKeys: [] },
    (line) => lines.push(line),
  );
  await infra.close();
  return lines;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const make = factories(ctx);
  const member = async () => {
    const customer = await make.buildCustomer();
    const user = await make.buildUser('MANAGER', ['allotment.integration'], { customerId: customer.id });
    return { customerId: customer.id, token: await make.signIn(user) };
  };
  first = await member();
  second = await member();
  await savedWithOldKey(first.customerId, 1);
  await savedWithOldKey(second.customerId, 2);
}, 60_000);

afterAll(() => ctx?.close());

describe('upgrading from the path-derived key', () => {
  it('cannot read the old credentials with the server’s new secret before the upgrade', async () => {
    expect(ctx.config.integrationKey).not.toEqual(oldKey);
    const shown = await shownCredentials(first.token);
    expect(shown.body).not.toMatchObject({ sienge_username: 'usuario-1' });
  });

  it('changes nothing when the pass fails half-way: every set keeps its old ciphertext', async () => {
    const before = [await rawCredentials(first.customerId), await rawCredentials(second.customerId)];
    await sql
      .raw(
        `CREATE FUNCTION refuse_rekey() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
           IF NEW.customer_id = ${second.customerId} THEN RAISE EXCEPTION 'falha simulada'; END IF;
           RETURN NEW; END $$;
         CREATE TRIGGER refuse_rekey BEFORE UPDATE ON integration_configs
           FOR EACH ROW EXECUTE FUNCTION refuse_rekey();`,
      )
      .execute(ctx.db);
    try {
      await expect(upgradeStart()).rejects.toThrow(/falha simulada/);
    } finally {
      await sql
        .raw('DROP TRIGGER refuse_rekey ON integration_configs; DROP FUNCTION refuse_rekey();')
        .execute(ctx.db);
    }
    expect(await rawCredentials(first.customerId)).toEqual(before[0]);
    expect(await rawCredentials(second.customerId)).toEqual(before[1]);
    const marker = await ctx.db.selectFrom('installationMarkers').selectAll().execute();
    expect(marker.map((row) => row.name)).not.toContain('credentials-path-key-upgraded');
  });

  it('encrypts every saved set again with the new secret on the first start, keeping them', async () => {
    const lines = await upgradeStart();
    expect(lines).toContain(
      '2 credencial(is) de ERP criptografada(s) de novo com a chave atual do servidor.',
    );
    for (const [member, n] of [
      [first, 1],
      [second, 2],
    ] as const) {
      const shown = await shownCredentials(member.token);
      expect(shown.status).toBe(200);
      expect(shown.body).toMatchObject({
        sienge_url: `https://erp-${n}.example.com/api`,
        sienge_username: `usuario-${n}`,
        has_password: true,
      });
      const stored = await rawCredentials(member.customerId);
      const current = createCredentialsCipher(ctx.config.integrationKey!);
      expect(current.decrypt(stored, `${member.customerId}:sienge`)).toEqual(sienge(n));
      expect(() => oldCipher.decrypt(stored, `${member.customerId}:sienge`)).toThrow();
    }
  });

  it('does it once: later starts never use the path-derived key again', async () => {
    const kept = await rawCredentials(first.customerId);
    expect(await upgradeStart()).toEqual([]);
    expect(await rawCredentials(first.customerId)).toEqual(kept);
    // Ciphertext made with the guessable key after the upgrade is not taken in.
    await savedWithOldKey(second.customerId, 3);
    const planted = await rawCredentials(second.customerId);
    await upgradeStart();
    expect(await rawCredentials(second.customerId)).toEqual(planted);
  });
});

describe('rotating the key with INTEGRATION_KEY_PREVIOUS', () => {
  it('encrypts what the previous key reads with the new one and counts what no key reads', async () => {
    const previous = ctx.config.integrationKey!;
    const next = randomBytes(32);
    const report = await reencryptCredentials(ctx.db, {
      current: next,
      previous: [previous],
      legacyPathKey: null,
    });
    // The first customer's set was under `previous`; the second's is the one planted with the path key.
    expect(report).toEqual({ reencrypted: 1, unreadable: 1 });
    const stored = await rawCredentials(first.customerId);
    expect(createCredentialsCipher(next).decrypt(stored, `${first.customerId}:sienge`)).toEqual(sienge(1));
  });
});
