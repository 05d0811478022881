import { randomBytes } from 'node:crypto';
import { hashToken } from '../auth';

/** Every key starts so, which lets a leaked one be recognised by secret scanners and by its owner. */
const KEY_PREFIX = 'mgk_';
/** How many characters of a key its list shows. */
const SHOWN_CHARACTERS = 12;
/** A key is the prefix and 32 base64url characters (192 random bits). */
const KEY_SHAPE = /^mgk_[A-Za-z0-9_-]{32}$/;

/** A new key, the hash that is stored and the start that the list shows; the key itself is never stored. */
export function newGisKey(): { key: string; hash: string; shown: string } {
  const key = `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  return { key, hash: hashToken(key), shown: key.slice(0, SHOWN_CHARACTERS) };
}

/** Whether a text has a key's shape (anything else is refused without a database lookup). */
export const looksLikeGisKey = (text: string): boolean => KEY_SHAPE.test(text);
