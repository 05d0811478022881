import type { LayerImportField } from '@mirante/shared';

/** Texts of the layer import screen ('Importar lotes'). */
export const IMPORT_TEXTS = {
  title: 'Importar lotes',
  fileHint:
    'GeoJSON, Shapefile compactado (.zip com .shp, .dbf, .shx e .prj), KML, KMZ ou DXF. Arquivos DWG: salve como DXF.',
  fileRequired: 'Escolha o arquivo de lotes.',
  crsAuto: 'Do arquivo (.prj, GeoJSON ou KML)',
  crsHelp: 'Obrigatório para DXF e para arquivos sem sistema de coordenadas; substitui o do arquivo.',
  mappingHelp: 'Coluna do arquivo que contém cada atributo. Em branco: não ler.',
  preview: 'Pré-visualizar',
  refresh: 'Atualizar prévia',
  confirm: 'Confirmar importação',
  previewFailed: 'Não foi possível ler o arquivo:',
  importFailed: 'Não foi possível importar:',
  imported: 'Importação concluída',
  openMap: 'Abrir o mapa do projeto',
  nextImage: 'Próximo passo: cadastrar imagem',
  noProblems: 'Nenhum problema encontrado.',
  dryRunNote: 'Prévia: nada foi gravado ainda. Confira e confirme a importação.',
  invalidBlocks:
    'Há feições inválidas: corrija o arquivo ou marque “Ignorar feições inválidas” para importar apenas as válidas.',
} as const;

/** The attribute names of the mapping form. */
export const FIELD_LABELS: Record<LayerImportField, string> = {
  type: 'Tipo',
  block: 'Quadra',
  name: 'Lote (nome)',
  customerCode: 'Código do cliente',
  stage: 'Etapa',
  tagValue: 'Rótulo (número do lote)',
};
