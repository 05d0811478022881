import { describe, expect, it } from 'vitest';
import { excelDateSerial } from './notes-export';

describe('excelDateSerial', () => {
  it("counts days from Excel's 1899-12-30, whatever the machine's time zone", () => {
    expect(excelDateSerial('1900-03-01')).toBe(61);
    expect(excelDateSerial('2026-03-12')).toBe(46093);
  });

  it('refuses what is not a calendar date', () => {
    expect(excelDateSerial('12/03/2026')).toBeNull();
    expect(excelDateSerial('')).toBeNull();
  });
});
