import { describe, expect, it } from 'vitest';
import { gisKeyStatus } from './keyStatus';

const NOW = Date.parse('2026-12-07T12:00:00Z');

describe('gisKeyStatus', () => {
  it('says Revogada once revoked, even before its expiry', () => {
    expect(
      gisKeyStatus({ revoked_at: '2026-12-01T00:00:00Z', expires_at: '2027-01-01T00:00:00Z' }, NOW),
    ).toBe('Revogada');
  });

  it('says Expirada from its expiry on, Ativa before', () => {
    expect(gisKeyStatus({ revoked_at: null, expires_at: '2026-12-07T12:00:00Z' }, NOW)).toBe('Expirada');
    expect(gisKeyStatus({ revoked_at: null, expires_at: '2026-12-07T12:00:01Z' }, NOW)).toBe('Ativa');
  });
});
