import { describe, expect, it } from 'vitest';
import { lastingSeconds, MIN_LASTING_SECONDS } from './lastingSeconds';

describe('lastingSeconds', () => {
  it('keeps a short failure for the minimum', () => {
    expect(lastingSeconds('Email já foi utilizado')).toBe(MIN_LASTING_SECONDS);
  });

  it('keeps a long failure longer, by its words', () => {
    const text = Array.from({ length: 30 }, (_, i) => `palavra${i}`).join(' ');
    expect(lastingSeconds(text)).toBe(11);
  });
});
