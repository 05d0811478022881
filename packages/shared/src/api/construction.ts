import { z } from 'zod';
import { defineEndpoint, DOWNLOAD_ACCESS, fileResponse } from './endpoint';
import { calendarDate, id, text } from './input-rules';

/** Texts of the inspections, word for word. */
export const INSPECTION_MESSAGES = {
  required: 'Este campo é obrigatório',
  createFailed: 'Não foi possível criar a vistoria:',
  loadFailed: 'Não foi possível carregar as vistorias:',
  removeFailed: 'Não foi possível remover a vistoria',
  created: 'Vistoria criada com sucesso!',
  updated: 'Vistoria atualizada com sucesso!',
  removed: 'Vistoria removida com sucesso!',
  scenesLoadFailed: 'Não foi possível carregar as imagens do projeto.',
  removeConfirm: 'Tem certeza que deseja remover esta vistoria?',
  createTitle: 'Cadastrar nova',
  editTitle: 'Alterar vistoria',
  createButton: 'Criar vistoria',
  phaseMin: 'A fase deve ser um número inteiro maior ou igual a 1.',
  sceneTaken: 'Esta imagem já pertence a outra vistoria.',
  sceneNotInProject: 'A imagem não pertence a este projeto.',
  notFound: 'Vistoria não encontrada.',
  notConstruction: 'Vistorias existem apenas em projetos de obra.',
} as const;

/** The validation rules: the phase field's placeholder, 'Fase' followed by the number of inspections plus 1. */
export const phasePlaceholder = (total: number) => `Fase ${total + 1}`;

/** The construction pages: how an inspection is named in selects, 'date - Fase #phase'. */
export const inspectionLabel = (inspection: { dateText: string; phase: number }) =>
  `${inspection.dateText} - Fase #${inspection.phase}`;

/** An inspection: a scene of the project read as a phase of the works. */
export const inspectionSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  scene_id: z.number().int(),
  phase: z.number().int(),
  /** The scene's date, YYYY-MM-DD. */
  date: z.string(),
  /** DD/MM/YYYY */
  dateText: z.string(),
  scene: z.object({ id: z.number().int(), isoDate: z.string(), published: z.boolean() }),
  /** The scene carries an elevation model (DSM): notes' volumes are measured on it. */
  hasDsm: z.boolean(),
});
export type Inspection = z.infer<typeof inspectionSchema>;

const required = INSPECTION_MESSAGES.required;

export const saveInspectionSchema = z.object({
  project_id: id(),
  scene_id: id(required),
  phase: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: required })
      .int({ error: INSPECTION_MESSAGES.phaseMin })
      .min(1, { error: INSPECTION_MESSAGES.phaseMin })
      .max(100_000, { error: INSPECTION_MESSAGES.phaseMin }),
  ),
  /** Present: the inspection to change; absent: a new one. */
  inspection_id: id().optional(),
});
export type SaveInspection = z.infer<typeof saveInspectionSchema>;

/** Reading inspections and notes: whichever construction module shows them (map sidebar, pages). */
const constructionAccess = { kind: 'session' } as const;

export const inspectionsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/inspections',
    summary: 'Vistorias do projeto de obra, da imagem mais recente à mais antiga',
    tags: ['construction'],
    access: constructionAccess,
    query: z.object({ project_id: id() }),
    response: z.array(inspectionSchema),
    errorStatuses: [401, 403, 404],
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/inspections',
    summary: 'Cria a vistoria, ou altera a de inspection_id (imagem e fase); módulo construction.inspections',
    tags: ['construction'],
    access: constructionAccess,
    body: saveInspectionSchema,
    response: inspectionSchema,
    errorStatuses: [401, 403, 404, 409, 422],
  }),
  destroy: defineEndpoint({
    method: 'POST',
    path: '/inspections/destroy',
    summary: 'Remove a vistoria e as suas anotações; módulo construction.inspections',
    tags: ['construction'],
    access: constructionAccess,
    body: z.object({ project_id: id(), inspection_id: id() }),
    response: z.object({ id: z.number().int() }),
    errorStatuses: [401, 403, 404],
  }),
} as const;

/* ------------------------------------------------------------------------------------------------------ */

/** Texts of the notes, word for word. */
export const NOTE_MESSAGES = {
  required: 'Este campo é obrigatório.',
  checkRequired: 'Verifique os campos obrigatórios.',
  createFailed: 'Não foi possível criar a anotação:',
  categoriesLoadFailed: 'Não foi possível carregar as categorias:',
  loadFailed: 'Não foi possível carregar as anotações. Tente novamente mais tarde.',
  removeFailed: 'Não foi possível remover as anotações',
  exportFailed: 'Não foi possível exportar as anotações',
  created: 'Anotação criada com sucesso!',
  updated: 'Anotação atualizada com sucesso!',
  removed: 'Anotação removida com sucesso!',
  noInspection: 'Nenhuma vistoria selecionada',
  selectToAdd: 'Selecione uma vistoria para adicionar uma anotação.',
  selectToCreate: 'Selecione uma vistoria para criar uma anotação',
  selectToEdit: 'Selecione uma vistoria para poder editar a anotação',
  removeConfirm: 'Tem certeza que deseja remover esta anotação?',
  notFound: 'Anotação não encontrada.',
  categoryNotFound: 'Categoria não encontrada.',
  colorInvalid: 'A cor deve ter 7 caracteres, no formato #RRGGBB.',
  shapeMismatch: 'O desenho não corresponde ao tipo da anotação.',
  selfIntersecting: 'O polígono desenhado não pode cruzar a si mesmo.',
} as const;

export const NOTE_LIMITS = { name: 50, categoryName: 50, description: 500, color: 7 } as const;

export const NOTE_TYPES = ['polygon', 'line', 'marker'] as const;
export type NoteType = (typeof NOTE_TYPES)[number];
/** The construction pages: Polígono, Linha, Marcador. */
export const NOTE_TYPE_LABELS: Record<NoteType, string> = {
  polygon: 'Polígono',
  line: 'Linha',
  marker: 'Marcador',
};

const MAX_VERTICES = 5000;
const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/** The drawn shape of a note (RFC 7946, lon/lat): a Point, a LineString or a one-ring Polygon. */
export const noteGeometrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Point'), coordinates: position }),
  z.object({ type: z.literal('LineString'), coordinates: z.array(position).min(2).max(MAX_VERTICES) }),
  z.object({
    type: z.literal('Polygon'),
    coordinates: z.array(z.array(position).min(4).max(MAX_VERTICES)).min(1).max(1),
  }),
]);
export type NoteGeometry = z.infer<typeof noteGeometrySchema>;

/** The geometry type each note type is drawn as. */
export const NOTE_GEOMETRY: Record<NoteType, NoteGeometry['type']> = {
  polygon: 'Polygon',
  line: 'LineString',
  marker: 'Point',
};

export const noteCategorySchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type NoteCategory = z.infer<typeof noteCategorySchema>;

/** A note. `area`: length in m for a line, area in m² for a polygon, null for a marker. */
export const noteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  description: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  category_color: z.string(),
  note_type: z.enum(NOTE_TYPES),
  area: z.number().nullable(),
  /** m³ */
  volume: z.number(),
  geoJsonData: noteGeometrySchema,
  inspectionId: z.number().int(),
  /** The same shape as a GeoJSON Feature (the map's source data). */
  layerGeojson: z.object({
    type: z.literal('Feature'),
    properties: z.object({ id: z.number().int(), note_type: z.enum(NOTE_TYPES), color: z.string() }),
    geometry: noteGeometrySchema,
  }),
});
export type Note = z.infer<typeof noteSchema>;

const noteRequired = NOTE_MESSAGES.required;
const noteText = (max: number) =>
  text(max, { required: noteRequired }).trim().min(1, { error: noteRequired });

export const saveNoteSchema = z
  .object({
    name: noteText(NOTE_LIMITS.name),
    date: calendarDate(noteRequired),
    description: noteText(NOTE_LIMITS.description),
    /** An existing category, or a new one by categoryName + categoryColor. */
    categoryId: id().optional(),
    categoryName: text(NOTE_LIMITS.categoryName).trim().optional(),
    categoryColor: text(NOTE_LIMITS.color)
      .regex(/^#[0-9A-Fa-f]{6}$/, { error: NOTE_MESSAGES.colorInvalid })
      .optional(),
    noteType: z.enum(NOTE_TYPES, { error: noteRequired }),
    /** The drawing mode the shape came from (Terra Draw's name); must agree with noteType when sent. */
    layer: z.enum(['polygon', 'linestring', 'point']).optional(),
    /** Ignored: the server measures the drawn shape (read-only, computed from the drawing). */
    area: z.coerce.number().min(0).max(1e12).optional(),
    volume: z.coerce.number().min(0).max(1e12).default(0),
    inspectionId: id(noteRequired),
    layerGeojson: noteGeometrySchema,
    /** Present: the note to change. */
    noteId: id().optional(),
  })
  .superRefine((body, context) => {
    if (body.categoryId !== undefined) return;
    if (!body.categoryName)
      context.addIssue({ code: 'custom', path: ['categoryName'], message: noteRequired });
    if (!body.categoryColor)
      context.addIssue({ code: 'custom', path: ['categoryColor'], message: noteRequired });
  });
export type SaveNote = z.infer<typeof saveNoteSchema>;
export type SaveNoteInput = z.input<typeof saveNoteSchema>;

/** A real Excel 97-2003 file: what the spec's anotacoes.xls names. */
export const XLS_CONTENT_TYPE = 'application/vnd.ms-excel';

export const NOTE_EXPORT_EXTENSIONS = ['xls', 'csv'] as const;

const notesExportEndpoint = (path: string, summary: string) =>
  defineEndpoint({
    method: 'GET',
    path,
    summary,
    tags: ['construction'],
    access: DOWNLOAD_ACCESS,
    query: z.object({
      inspection_id: id(),
      extension: z.enum(NOTE_EXPORT_EXTENSIONS),
      api_token: text(512).optional(),
    }),
    response: fileResponse('text/csv', XLS_CONTENT_TYPE),
    errorStatuses: [401, 403, 404, 422, 503],
  });

export const notesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/notes',
    summary: 'Anotações de uma vistoria',
    tags: ['construction'],
    access: constructionAccess,
    query: z.object({ project_id: id(), inspection_id: id() }),
    response: z.array(noteSchema),
    errorStatuses: [401, 403, 404],
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/notes',
    summary:
      'Cria a anotação (ou altera a de noteId), com categoria existente ou nova; módulo construction.notes',
    tags: ['construction'],
    access: constructionAccess,
    body: saveNoteSchema,
    response: noteSchema,
    errorStatuses: [401, 403, 404, 422],
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/notes/categories',
    summary:
      'Categorias de anotação do cliente (sem project_id: do cliente do usuário; com ele: do cliente do projeto)',
    tags: ['construction'],
    access: constructionAccess,
    query: z.object({ project_id: id().optional() }),
    response: z.array(noteCategorySchema),
    errorStatuses: [401, 403, 404],
  }),
  destroy: defineEndpoint({
    method: 'POST',
    path: '/notes/destroy',
    summary: 'Remove a anotação; módulo construction.notes',
    tags: ['construction'],
    access: constructionAccess,
    body: z.object({ project_id: id(), inspection_id: id(), note_id: id() }),
    response: z.object({ id: z.number().int() }),
    errorStatuses: [401, 403, 404],
  }),
  export: notesExportEndpoint(
    '/notes/export',
    'Anotações da vistoria em .xls (Excel 97-2003) ou .csv: anotacoes.{ext}',
  ),
  exportLink: notesExportEndpoint('/notes/export/', 'O mesmo download, na forma de link com api_token'),
} as const;

/* ------------------------------------------------------------------------------------------------------ */

/** Texts of the measured volume (★: elevation models), pt-BR. */
export const ELEVATION_MESSAGES = {
  notTiff: 'O modelo de elevação deve ser um GeoTIFF válido.',
  notFloat: 'O modelo de elevação deve ter uma única banda de ponto flutuante (alturas em metros).',
  tooLarge: 'O modelo de elevação é grande demais.',
  truncated: 'O modelo de elevação está incompleto ou corrompido (dados além do fim do arquivo).',
  bomb: 'O modelo de elevação descompactado seria desproporcionalmente maior que o arquivo (possível bomba de descompressão).',
  noGeoreference: 'O modelo de elevação não está georreferenciado com um sistema de coordenadas conhecido.',
  notNorthUp: 'O modelo de elevação deve estar orientado ao norte, sem rotação.',
  notMetric: 'O modelo de elevação precisa estar numa projeção métrica (UTM, por exemplo), não em graus.',
  noOverlap: 'O modelo de elevação não cobre a área da imagem.',
  polygonTooLarge: 'O polígono é grande demais para medir o volume de uma vez.',
  noModel: 'A imagem desta vistoria não possui modelo de elevação.',
  outside: 'O polígono não está sobre o modelo de elevação (ou um vértice cai onde ele não tem dados).',
  polygonOnly: 'O volume é medido sobre um polígono.',
  sameInspection: 'Escolha outra vistoria para comparar.',
  uploaded: 'Modelo de elevação cadastrado com sucesso.',
  uploadFailed: 'Não foi possível enviar o modelo de elevação:',
  notTiffName: 'Escolha um arquivo GeoTIFF (.tif ou .tiff).',
  fileRequired: 'Envie o modelo de elevação (GeoTIFF de uma banda).',
} as const;

/** The base of a measured volume (WebODM's methods), with the labels the modal shows. */
export const VOLUME_BASES = ['triangulate', 'plane', 'lowest', 'average', 'highest', 'custom'] as const;
export type VolumeBase = (typeof VOLUME_BASES)[number];
export const VOLUME_BASE_LABELS: Record<VolumeBase, string> = {
  triangulate: 'Triangulada pelos vértices',
  plane: 'Plano ajustado aos vértices',
  lowest: 'Vértice mais baixo',
  average: 'Média dos vértices',
  highest: 'Vértice mais alto',
  custom: 'Altura informada',
};

export const measureVolumeSchema = z
  .object({
    inspection_id: id(),
    geometry: noteGeometrySchema,
    base: z.enum(VOLUME_BASES).default('triangulate'),
    /** Metres, with base 'custom'. */
    baseHeight: z.coerce.number().min(-1000).max(10_000).optional(),
    /** Instead of a base: the cut and fill since (or until) this inspection's model. */
    compare_inspection_id: id().optional(),
  })
  .superRefine((body, context) => {
    if (body.base === 'custom' && body.baseHeight === undefined && body.compare_inspection_id === undefined)
      context.addIssue({ code: 'custom', path: ['baseHeight'], message: NOTE_MESSAGES.required });
  });
export type MeasureVolume = z.infer<typeof measureVolumeSchema>;

export const volumeMeasureSchema = z.object({
  /** m³ above the base (or gained since the compared inspection). */
  fill: z.number(),
  /** m³ below the base (or removed since the compared inspection). */
  cut: z.number(),
  /** fill − cut */
  net: z.number(),
  /** m² of model cells measured inside the polygon. */
  measuredArea: z.number(),
  /** Cells inside the polygon without data (not counted). */
  nodataCells: z.number().int(),
  base: z.enum(VOLUME_BASES).nullable(),
  /** Height of the base at the polygon's vertices, average (m); null when comparing inspections. */
  baseHeight: z.number().nullable(),
  compare_inspection_id: z.number().int().nullable(),
});
export type VolumeMeasure = z.infer<typeof volumeMeasureSchema>;

export const elevationApi = {
  upload: defineEndpoint({
    method: 'POST',
    path: '/scene/:id/dsm',
    summary:
      'Cadastra (ou troca) o modelo de elevação da imagem: GeoTIFF de uma banda float, em projeção métrica; só ADMIN',
    tags: ['construction'],
    access: { kind: 'session', roles: ['ADMIN'] },
    encoding: 'multipart',
    params: z.object({ id: id() }),
    body: z.object({ file: text(10).optional() }),
    response: z.object({ scene_id: z.number().int(), width: z.number().int(), height: z.number().int() }),
    errorStatuses: [401, 403, 404, 413, 422],
  }),
  measure: defineEndpoint({
    method: 'POST',
    path: '/notes/volume',
    summary:
      'Volume medido no modelo de elevação da vistoria: corte, aterro e líquido sobre a base escolhida, ou entre duas vistorias',
    tags: ['construction'],
    access: constructionAccess,
    body: measureVolumeSchema,
    response: volumeMeasureSchema,
    errorStatuses: [401, 403, 404, 422],
  }),
} as const;
