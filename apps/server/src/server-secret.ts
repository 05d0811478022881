import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The server's secret: 32 random bytes that every key the server signs or encrypts with comes from (the ERP
 * credentials' AES key, the signed tile URLs' HMAC key, and any signed link to come). It is `INTEGRATION_KEY`
 * when the environment gives one; otherwise it is generated on the first start into the data folder
 * (`server-secret.key`, mode 0600) and read from there afterwards. It is never derived from anything guessable.
 */
export const SECRET_FILE_NAME = 'server-secret.key';
const SECRET_BYTES = 32;

export const KEY_ADVICE =
  'use 32 bytes aleatórios em base64 (openssl rand -base64 32) ou 64 dígitos hexadecimais.';

/** 32 bytes written as 64 hex digits or as base64; anything else is null. */
export function parseSecret(text: string): Buffer | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === SECRET_BYTES ? key : null;
}

export function secretFilePath(dataDir: string): string {
  return path.join(dataDir, SECRET_FILE_NAME);
}

async function readSecretFile(file: string): Promise<Buffer> {
  const key = parseSecret(await readFile(file, 'utf8'));
  if (!key)
    throw new Error(
      `Chave do servidor ilegível em ${file}: o arquivo deve conter 32 bytes em base64. ` +
        'Restaure-o do backup (sem ele as credenciais de ERP salvas não podem ser lidas) ou, para gerar outra, ' +
        'remova-o e salve as credenciais de ERP de novo.',
    );
  // Only the server's user may read it, even when a copy or an editor left it readable by others.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  return key;
}

/**
 * The data folder's secret, made on the first call: written whole to a private temporary file, then linked to
 * its name, which fails if another process got there first; then that process's secret is the one read. So
 * processes starting together on one data folder (the server and `npm run worker`) always agree.
 */
export async function loadOrCreateSecretFile(dataDir: string): Promise<Buffer> {
  const file = secretFilePath(dataDir);
  try {
    return await readSecretFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // The folder keeps the usual mode: started as root, the embedded PostgreSQL runs as its own user and must reach
  // its folder inside this one; the secret file itself is private (0600).
  await mkdir(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, `${randomBytes(SECRET_BYTES).toString('base64')}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  return readSecretFile(file);
}

/** A key for one purpose (HKDF-SHA256 of the server's secret): a leaked tile key opens nothing else. */
export function deriveKey(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `mirante:${purpose}`, SECRET_BYTES));
}

/**
 * The key that earlier releases derived from the data folder's path when `INTEGRATION_KEY` was unset outside
 * production. It is guessable, so nothing is signed or encrypted with it any more: it only reads the ERP
 * credentials saved under it once, to encrypt them again with the server's secret.
 */
export function legacyPathKey(dataDir: string): Buffer {
  return createHash('sha256').update(`mirante-integration-dev-key\0${dataDir}`).digest();
}
