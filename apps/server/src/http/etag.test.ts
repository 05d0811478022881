import { describe, expect, it } from 'vitest';
import { etagMatches } from './etag';

describe('etagMatches', () => {
  it('matches one ETag or any of a list, never a missing header', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });
});
