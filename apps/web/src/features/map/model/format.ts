const number = (digits: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Latitude/longitude for the status bar: 6 decimals, pt-BR decimal comma. */
export function formatLatLng(lat: number, lng: number): string {
  return `Lat: ${number(6).format(lat)} Lng: ${number(6).format(lng)}`;
}

export function formatSquareMetres(value: number): string {
  return `${number(2).format(value)} m²`;
}

export function formatMetres(value: number): string {
  return `${number(2).format(value)} m`;
}

/** 0–1 → '87%' */
export function formatConfidence(precision: number | null): string {
  return precision === null ? '—' : `${Math.round(precision * 100)}%`;
}
