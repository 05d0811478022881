import { describe, expect, it } from 'vitest';
import { detectionTypeOptions } from './detectionTypeOptions';

describe('detection type options (spec 5)', () => {
  it('lists the 5 filterable types plus Nenhuma (X), and not Invasão', () => {
    const options = detectionTypeOptions();
    expect(options.map((option) => option.value)).toEqual(['V', 'B', 'E', 'C', 'O', 'X']);
    expect(options.at(-1)?.label).toBe('Nenhuma');
  });
});
