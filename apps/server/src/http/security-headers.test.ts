import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createSecurityHeaders } from './security-headers';

describe('contentSecurityPolicy', () => {
  it('lets the map read images and data from the configured base maps only', () => {
    const policy = contentSecurityPolicy(['https://tiles.example.com', 'https://fonts.example.com']);
    expect(policy).toContain(
      "img-src 'self' data: blob: https://tiles.example.com https://fonts.example.com",
    );
    expect(policy).toContain(
      "connect-src 'self' blob: data: https://tiles.example.com https://fonts.example.com",
    );
    expect(policy).toContain("script-src 'self';");
  });

  it('names no other origin without base maps', () => {
    const policy = contentSecurityPolicy([]);
    expect(policy).toContain("img-src 'self' data: blob:;");
    expect(policy).not.toContain('https://');
  });
});

describe('createSecurityHeaders', () => {
  it('sends no referrer from a URL that carries api_token', () => {
    const headers = createSecurityHeaders([]);
    expect(headers.of('/mapa?api_token=abc')).toContainEqual(['referrer-policy', 'no-referrer']);
    expect(headers.of('/mapa')).toContainEqual(['referrer-policy', 'same-origin']);
    expect(headers.flatOf('/mapa')).toContain('same-origin');
  });
});
