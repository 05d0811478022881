/** What a spreadsheet program may read as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text that a spreadsheet shows as text: one starting with = + - @, a tab or a carriage return gets a
 * leading single quote, so `=HYPERLINK(...)` typed as a lot's observation is never run as a formula when
 * an export is opened. Every CSV/XLSX cell the product writes goes through here.
 */
export function spreadsheetText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
