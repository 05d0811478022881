/** A coordinate reference system that cannot be used, with a pt-BR message for the person who sent the file. */
export class CrsError extends Error {
  constructor(
    readonly code: 'UNKNOWN_CRS' | 'OUTSIDE_DATUM_GRID',
    message: string,
  ) {
    super(message);
    this.name = 'CrsError';
  }
}

export const CRS_MESSAGES = {
  noEpsg:
    'O sistema de coordenadas do arquivo não foi reconhecido. Reprojete-o para um sistema com código EPSG ' +
    '(por exemplo SIRGAS 2000 / UTM, EPSG:31982 a 31985, ou WGS 84, EPSG:4326).',
  unknownEpsg: (code: number) => `Sistema de coordenadas EPSG:${code} desconhecido ou não suportado.`,
  outsideGrid: (datum: string) =>
    `As coordenadas estão fora da área coberta pela grade de conversão do datum ${datum} (IBGE). ` +
    'Reprojete o arquivo para SIRGAS 2000.',
} as const;
