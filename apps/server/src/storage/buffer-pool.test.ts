import { describe, expect, it } from 'vitest';
import { createBufferPool } from './buffer-pool';

/** The same bytes: Node itself hands out small unpooled buffers as slices of one shared slab. */
const sameMemory = (a: Buffer, b: Buffer) => a.buffer === b.buffer && a.byteOffset === b.byteOffset;

describe('createBufferPool', () => {
  it('hands back released memory and nothing that is still lent', () => {
    const pool = createBufferPool(1024, 4);
    const first = pool.acquire(100);
    const second = pool.acquire(200);
    expect(first.length).toBe(100);
    expect(second.buffer).not.toBe(first.buffer);
    pool.release(first);
    pool.release(first);
    const third = pool.acquire(300);
    expect(third.buffer).toBe(first.buffer);
    expect(pool.acquire(10).buffer).not.toBe(first.buffer);
  });

  it('ignores buffers it did not lend and lends oversized ones outside the pool', () => {
    const pool = createBufferPool(1024, 4);
    const foreign = Buffer.alloc(100);
    pool.release(foreign);
    expect(sameMemory(pool.acquire(100), foreign)).toBe(false);
    const large = pool.acquire(5000);
    expect(large.length).toBe(5000);
    pool.release(large);
    expect(sameMemory(pool.acquire(5000), large)).toBe(false);
  });
});
