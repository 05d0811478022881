import { describe, expect, it } from 'vitest';
import { overlayViewKey, readOverlayView, writeOverlayView } from './overlayView';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the stored overlay view', () => {
  it('gives back what was written, under a key of its own per user and project', () => {
    const storage = memoryStorage();
    writeOverlayView(storage, overlayViewKey(7, 3), { hidden: [12], opacities: { 12: 40, 15: 0 } });
    expect(readOverlayView(storage, overlayViewKey(7, 3))).toEqual({
      hidden: [12],
      opacities: { 12: 40, 15: 0 },
    });
    expect(readOverlayView(storage, overlayViewKey(8, 3))).toEqual({ hidden: [], opacities: {} });
    expect(readOverlayView(storage, overlayViewKey(7, 4))).toEqual({ hidden: [], opacities: {} });
  });

  it('ignores what is unreadable or out of range instead of failing the map', () => {
    const storage = memoryStorage();
    for (const raw of [
      '{',
      '"x"',
      '{"hidden":["a"],"opacities":{}}',
      '{"hidden":[],"opacities":{"1":140}}',
    ]) {
      storage.setItem('k', raw);
      expect(readOverlayView(storage, 'k')).toEqual({ hidden: [], opacities: {} });
    }
  });

  it('survives a storage that refuses writes', () => {
    const full = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeOverlayView(full, 'k', { hidden: [1], opacities: {} })).not.toThrow();
  });
});
