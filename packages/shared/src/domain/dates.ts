const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * DD/MM/YYYY of a YYYY-MM-DD date, or of the date part of an ISO timestamp (display only; files keep
 * YYYY-MM-DD). Text that does not start with such a date comes back unchanged.
 */
export function displayDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** DD/MM/YYYY of an instant, on the calendar of this process's time zone (the browser's, the server's). */
export function displayLocalDate(instant: Date): string {
  return `${pad(instant.getDate())}/${pad(instant.getMonth() + 1)}/${instant.getFullYear()}`;
}
