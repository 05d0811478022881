import { describe, expect, it } from 'vitest';
import { formatMoneyInput, parseMoneyInput } from './format';

describe('money field', () => {
  it('shows thousands with dots and two decimals after a comma', () => {
    expect(formatMoneyInput(142200)).toBe('142.200,00');
    expect(formatMoneyInput('1234567.5')).toBe('1.234.567,50');
    expect(formatMoneyInput('')).toBe('');
  });

  it('reads what is typed with or without the thousands dots', () => {
    expect(parseMoneyInput('142.200,50')).toBe('142200.50');
    expect(parseMoneyInput('142200,5')).toBe('142200.5');
    expect(parseMoneyInput('R$ 98.765,43')).toBe('98765.43');
  });
});
