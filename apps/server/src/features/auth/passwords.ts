import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended baseline.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Used when the e-mail is unknown so that a wrong e-mail costs as long as a wrong password.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0bSLNMsQ9YhH6gm04M2G0FUt3VgUg0iLFD+TtiBDKkU';

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? DUMMY_HASH, password);
  } catch {
    return false;
  }
}
