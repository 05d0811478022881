/** The CRSs surveyors' files come in, offered first; any other EPSG code may be typed. */
export const COMMON_CRS: readonly { epsg: number; label: string }[] = [
  { epsg: 4674, label: 'SIRGAS 2000 (geográficas)' },
  { epsg: 31981, label: 'SIRGAS 2000 / UTM 21S' },
  { epsg: 31982, label: 'SIRGAS 2000 / UTM 22S' },
  { epsg: 31983, label: 'SIRGAS 2000 / UTM 23S' },
  { epsg: 31984, label: 'SIRGAS 2000 / UTM 24S' },
  { epsg: 31985, label: 'SIRGAS 2000 / UTM 25S' },
  { epsg: 4326, label: 'WGS 84 (geográficas)' },
  { epsg: 32722, label: 'WGS 84 / UTM 22S' },
  { epsg: 32723, label: 'WGS 84 / UTM 23S' },
  { epsg: 4618, label: 'SAD69 (geográficas)' },
  { epsg: 29192, label: 'SAD69 / UTM 22S' },
  { epsg: 29193, label: 'SAD69 / UTM 23S' },
  { epsg: 22522, label: 'Córrego Alegre / UTM 22S' },
  { epsg: 22523, label: 'Córrego Alegre / UTM 23S' },
];

/** The select's options: the common ones and, when typed, any other code. */
export function crsOptions(typed: string): { value: number; label: string }[] {
  const options = COMMON_CRS.map((crs) => ({ value: crs.epsg, label: `EPSG:${crs.epsg} · ${crs.label}` }));
  const code = /^\s*(?:epsg:)?(\d{4,6})\s*$/i.exec(typed)?.[1];
  if (code && !COMMON_CRS.some((crs) => String(crs.epsg) === code)) {
    options.unshift({ value: Number(code), label: `EPSG:${code}` });
  }
  return options;
}
