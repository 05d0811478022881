import { describe, expect, it } from 'vitest';
import { createCredentialsCipher, CredentialsUnreadable } from './credentials-cipher';

const cipher = createCredentialsCipher(Buffer.alloc(32, 1));
const secret = { username: 'integra', password: 'senha-secreta' };

describe('credentials cipher (AES-256-GCM)', () => {
  it('decrypts what it encrypted for the same customer and ERP', () => {
    expect(cipher.decrypt(cipher.encrypt(secret, '1:uau'), '1:uau')).toEqual(secret);
  });

  it('writes no plaintext and a fresh IV each time', () => {
    const a = cipher.encrypt(secret, '1:uau');
    const b = cipher.encrypt(secret, '1:uau');
    expect(a.toString('latin1')).not.toContain('senha-secreta');
    expect(a.equals(b)).toBe(false);
  });

  it('refuses ciphertext moved to another customer, another key, or altered', () => {
    const stored = cipher.encrypt(secret, '1:uau');
    expect(() => cipher.decrypt(stored, '2:uau')).toThrow(CredentialsUnreadable);
    expect(() => createCredentialsCipher(Buffer.alloc(32, 2)).decrypt(stored, '1:uau')).toThrow(
      CredentialsUnreadable,
    );
    const altered = Buffer.from(stored);
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    expect(() => cipher.decrypt(altered, '1:uau')).toThrow(CredentialsUnreadable);
  });
});
