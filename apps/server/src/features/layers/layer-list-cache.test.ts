import { describe, expect, it } from 'vitest';
import { createLayerListCache } from './layer-list-cache';

describe('createLayerListCache', () => {
  it('keeps one list per project and audience, with its version and a body-hash ETag', () => {
    const cache = createLayerListCache();
    const stored = cache.store(1, 'published', 7, '[{"id":1}]');
    expect(cache.get(1, 'published')).toBe(stored);
    expect(stored).toMatchObject({ version: 7, body: Buffer.from('[{"id":1}]') });
    expect(cache.get(1, 'admin')).toBeUndefined();
    expect(cache.get(2, 'published')).toBeUndefined();
    // Same body, same ETag (any process); another body, another ETag.
    expect(cache.store(1, 'admin', 9, '[{"id":1}]').etag).toBe(stored.etag);
    expect(cache.store(1, 'published', 8, '[{"id":2}]').etag).not.toBe(stored.etag);
    expect(cache.get(1, 'published')?.version).toBe(8);
  });

  it('drops the least recently used lists beyond its size', () => {
    const cache = createLayerListCache(200);
    const list = (n: number) => `[${'0,'.repeat(n)}0]`; // 2n + 3 bytes
    for (const projectId of [1, 2, 3, 4]) cache.store(projectId, 'published', 1, list(20));
    cache.get(1, 'published');
    cache.store(5, 'published', 1, list(20));
    expect(cache.get(1, 'published')).toBeDefined();
    expect(cache.get(2, 'published')).toBeUndefined();
    // A list over a quarter of the budget is not kept at all.
    cache.store(6, 'published', 1, list(100));
    expect(cache.get(6, 'published')).toBeUndefined();
  });

  it('keeps the 23 MB list of a 50,000-lot allotment with its default size', () => {
    const cache = createLayerListCache();
    cache.store(1, 'published', 1, `[${'0,'.repeat(11_700_000)}0]`);
    expect(cache.get(1, 'published')?.body.length).toBe(23_400_003);
  });
});
