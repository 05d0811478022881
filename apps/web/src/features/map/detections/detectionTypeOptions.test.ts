import { describe, expect, it } from 'vitest';
import { detectionTypeOptions } from './detectionTypeOptions';

describe('detection type options', () => {
  it('lists the 5 filterable types, Invasão (I) and Nenhuma (X)', () => {
    const options = detectionTypeOptions();
    expect(options.map((option) => option.value)).toEqual(['V', 'B', 'E', 'C', 'O', 'I', 'X']);
    expect(options.find((option) => option.value === 'I')?.label).toBe('Invasão');
    expect(options.at(-1)?.label).toBe('Nenhuma');
  });
});
