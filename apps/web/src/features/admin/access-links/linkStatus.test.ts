import { describe, expect, it } from 'vitest';
import { accessLinkStatus } from './linkStatus';

const now = new Date('2026-11-25T12:00:00Z');

describe('accessLinkStatus', () => {
  it("is 'Ativo' before its expiry", () =>
    expect(accessLinkStatus({ expires_at: '2026-11-26T00:00:00Z', revoked_at: null }, now)).toBe('Ativo'));

  it("is 'Expirado' once its expiry has passed", () =>
    expect(accessLinkStatus({ expires_at: '2026-11-25T11:59:59Z', revoked_at: null }, now)).toBe('Expirado'));

  it("is 'Revogado' when revoked, even if it has also expired", () =>
    expect(
      accessLinkStatus({ expires_at: '2026-11-01T00:00:00Z', revoked_at: '2026-10-30T00:00:00Z' }, now),
    ).toBe('Revogado'));
});
