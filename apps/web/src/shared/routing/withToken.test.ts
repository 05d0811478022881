import { describe, expect, it } from 'vitest';
import { withToken } from './withToken';

describe('withToken', () => {
  it('keeps the sign-in token of the current address', () =>
    expect(withToken('/page/area', '?token=abc')).toBe('/page/area?token=abc'));
  it('leaves other addresses alone', () => expect(withToken('/page/area', '?x=1')).toBe('/page/area'));
});
