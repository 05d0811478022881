import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * ERP credentials at rest: AES-256-GCM with the key of INTEGRATION_KEY (config.ts). Layout of the stored bytes:
 * version (1) | IV (12) | tag (16) | ciphertext. The customer and ERP are the additional authenticated data,
 * so ciphertext copied to another customer's row does not decrypt.
 */

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface CredentialsCipher {
  encrypt(plain: unknown, context: string): Buffer;
  decrypt<T>(stored: Buffer, context: string): T;
}

export class CredentialsUnreadable extends Error {}

export function createCredentialsCipher(key: Buffer): CredentialsCipher {
  if (key.length !== 32) throw new Error('A chave das credenciais de integração deve ter 32 bytes.');
  return {
    encrypt(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
    },
    decrypt<T>(stored: Buffer, context: string): T {
      if (stored.length < 1 + IV_BYTES + TAG_BYTES || stored[0] !== VERSION)
        throw new CredentialsUnreadable('Credenciais salvas em formato desconhecido.');
      const iv = stored.subarray(1, 1 + IV_BYTES);
      const tag = stored.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag);
        const plain = Buffer.concat([
          decipher.update(stored.subarray(1 + IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
        return JSON.parse(plain) as T;
      } catch {
        throw new CredentialsUnreadable(
          'As credenciais salvas não puderam ser lidas com a chave atual (INTEGRATION_KEY mudou?): salve-as de novo.',
        );
      }
    },
  };
}
