import { describe, expect, it } from 'vitest';
import { spreadsheetText } from './spreadsheet-cell';

describe('spreadsheetText', () => {
  it.each(['=HYPERLINK("http://x","y")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'prefixes %j with a single quote',
    (value) => expect(spreadsheetText(value)).toBe(`'${value}`),
  );

  it.each(['Construído', '12', '2026-01-15', '', ' =1', "'já citado"])('leaves %j as it is', (value) => {
    expect(spreadsheetText(value)).toBe(value);
  });
});
