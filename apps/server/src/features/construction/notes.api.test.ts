import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteSchema, type Note, type NoteCategory } from '@mirante/shared';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { factories, type Factories } from '../../../test/factories';

let ctx: TestContext;
let make: Factories;
const tokens = { notes: '', mapOnly: '', noModules: '', other: '', inactive: '', otherNotes: '' };
let projectId = 0;
let inspectionId = 0;
let secondInspectionId = 0;
let otherCategoryId = 0;

// About 50 m × 40 m near Maringá.
const lat0 = -23.42;
const lng0 = -51.949;
const dLat = 40 / 111_195;
const dLng = 50 / (111_195 * Math.cos((lat0 * Math.PI) / 180));
const rectangle = {
  type: 'Polygon',
  coordinates: [
    [
      [lng0, lat0],
      [lng0 + dLng, lat0],
      [lng0 + dLng, lat0 + dLat],
      [lng0, lat0 + dLat],
      [lng0, lat0],
    ],
  ],
};
const line = {
  type: 'LineString',
  coordinates: [
    [lng0, lat0],
    [lng0, lat0 + dLat],
  ],
};
const marker = { type: 'Point', coordinates: [lng0, lat0] };

const noteBody = (fields: Record<string, unknown> = {}) => ({
  name: 'Escavação do bloco B',
  date: '2026-03-12',
  description: 'Terra removida para a fundação',
  categoryName: 'Terraplenagem',
  categoryColor: '#aa5500',
  noteType: 'polygon',
  layer: 'polygon',
  volume: 0,
  inspectionId,
  layerGeojson: rectangle,
  ...fields,
});

const saveAs = (token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/notes', headers: bearer(token), payload });

const listAs = (token: string, inspection = inspectionId) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/notes?project_id=${projectId}&inspection_id=${inspection}`,
    headers: bearer(token),
  });

const categoriesAs = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/notes/categories?project_id=${projectId}`,
    headers: bearer(token),
  });

const destroyAs = (token: string, noteId: number, inspection = inspectionId) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/notes/destroy',
    headers: bearer(token),
    payload: { project_id: projectId, inspection_id: inspection, note_id: noteId },
  });

const counts = async () => ({
  notes: Number(
    (
      await ctx.db
        .selectFrom('notes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  ),
  categories: Number(
    (
      await ctx.db
        .selectFrom('noteCategories')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  ),
});

async function save(fields: Record<string, unknown> = {}): Promise<Note> {
  const response = await saveAs(tokens.notes, noteBody(fields));
  expect(response.statusCode, response.body).toBe(200);
  return noteSchema.strict().parse(response.json());
}

beforeAll(async () => {
  ctx = await createTestContext();
  make = factories(ctx);
  const customer = await make.buildCustomer();
  const notes = await make.buildUser('USER', ['construction.notes'], { customerId: customer.id });
  const mapOnly = await make.buildUser('USER', ['construction.map'], { customerId: customer.id });
  const noModules = await make.buildUser('USER', ['allotment.map'], { customerId: customer.id });
  const inactive = await make.buildUser('USER', ['construction.notes'], { customerId: customer.id });
  const other = await make.buildUser('MANAGER', ['construction.map', 'construction.notes']);
  const members = [notes.id, mapOnly.id, noModules.id, inactive.id];
  projectId = (
    await make.buildProject({ customerId: customer.id, projectType: 'CONSTRUCTION', memberIds: members })
  ).id;
  for (const [date, target] of [
    ['2026-03-10', 'first'],
    ['2026-04-10', 'second'],
  ] as const) {
    const sceneId = await make.buildScene(projectId, { date, published: true });
    const row = await ctx.db
      .insertInto('inspections')
      .values({ projectId, sceneId, phase: target === 'first' ? 1 : 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (target === 'first') inspectionId = row.id;
    else secondInspectionId = row.id;
  }
  const otherProject = await make.buildProject({
    customerId: other.customerId,
    projectType: 'CONSTRUCTION',
    memberIds: [other.id],
  });
  otherCategoryId = (
    await ctx.db
      .insertInto('noteCategories')
      .values({ customerId: otherProject.customerId, name: 'Do outro cliente', color: '#00ff00' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  tokens.notes = await make.signIn(notes);
  tokens.mapOnly = await make.signIn(mapOnly);
  tokens.noModules = await make.signIn(noModules);
  tokens.other = await make.signIn(other);
  tokens.inactive = await make.signIn(inactive);
  await ctx.db.updateTable('users').set({ status: false }).where('id', '=', inactive.id).execute();
});

afterAll(() => ctx?.close());

describe('POST notes', () => {
  it('creates a polygon note with a new category and measures its planar area in m² (2 decimals)', async () => {
    const note = await save({ area: 999_999 });
    expect(note).toMatchObject({
      name: 'Escavação do bloco B',
      note_type: 'polygon',
      category_name: 'Terraplenagem',
      category_color: '#aa5500',
      inspectionId,
    });
    expect(Math.abs((note.area ?? 0) - 2000)).toBeLessThan(20);
    expect(Number((note.area ?? 0).toFixed(2))).toBe(note.area);
    const categories = (await categoriesAs(tokens.mapOnly)).json() as NoteCategory[];
    expect(categories).toEqual([{ id: note.category_id, name: 'Terraplenagem', color: '#aa5500' }]);
  });

  it('measures a line in metres, gives a marker no measure, and reuses an existing category', async () => {
    const first = (await listAs(tokens.notes)).json() as Note[];
    const categoryId = first[0]?.category_id;
    const lineNote = await save({ noteType: 'line', layer: 'linestring', layerGeojson: line, categoryId });
    expect(Math.abs((lineNote.area ?? 0) - 40)).toBeLessThan(0.5);
    const markerNote = await save({ noteType: 'marker', layer: 'point', layerGeojson: marker, categoryId });
    expect(markerNote.area).toBeNull();
    const again = await save({ categoryName: 'terraplenagem', categoryColor: '#000000' });
    expect(again.category_id).toBe(categoryId);
    expect(((await categoriesAs(tokens.notes)).json() as NoteCategory[]).length).toBe(1);
  });

  it('changes a note by noteId, keeping its id, and lists the inspection notes only', async () => {
    const note = await save({ name: 'Antes' });
    const response = await saveAs(tokens.notes, noteBody({ name: 'Depois', noteId: note.id, volume: 12.5 }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: note.id, name: 'Depois', volume: 12.5 });
    const other = await save({ inspectionId: secondInspectionId });
    const list = (await listAs(tokens.mapOnly)).json() as Note[];
    expect(list.map((item) => item.id)).toContain(note.id);
    expect(list.map((item) => item.id)).not.toContain(other.id);
    const moved = await saveAs(tokens.notes, noteBody({ noteId: other.id }));
    expect(moved.statusCode).toBe(404);
  });

  it.each([
    ['name', { name: '' }, 'Este campo é obrigatório.'],
    ['name', { name: 'x'.repeat(51) }, 'O texto deve ter no máximo 50 caracteres.'],
    ['description', { description: 'x'.repeat(501) }, 'O texto deve ter no máximo 500 caracteres.'],
    ['description', { description: '   ' }, 'Este campo é obrigatório.'],
    ['date', { date: '' }, 'Este campo é obrigatório.'],
    ['categoryName', { categoryName: undefined }, 'Este campo é obrigatório.'],
    ['categoryName', { categoryName: 'x'.repeat(51) }, 'O texto deve ter no máximo 50 caracteres.'],
    ['categoryColor', { categoryColor: '#abcdefa' }, 'O texto deve ter no máximo 7 caracteres.'],
    ['categoryColor', { categoryColor: '#abc' }, 'A cor deve ter 7 caracteres, no formato #RRGGBB.'],
    ['noteType', { noteType: undefined }, 'Este campo é obrigatório.'],
    ['volume', { volume: -1 }, 'Pequeno demais'],
  ])('refuses a bad %s (%j) and writes nothing', async (field, fields, message) => {
    const before = await counts();
    const response = await saveAs(tokens.notes, noteBody(fields));
    expect(response.statusCode).toBe(422);
    const answer = response.json() as { code: string; message: string };
    expect(answer.code).toBe('VALIDATION');
    expect(answer.message.startsWith(message)).toBe(true);
    expect(answer.message.endsWith(`(${field})`)).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('refuses a self-intersecting polygon and a shape of another type, creating no category', async () => {
    const before = await counts();
    const bowtie = {
      type: 'Polygon',
      coordinates: [
        [
          [lng0, lat0],
          [lng0 + dLng, lat0 + dLat],
          [lng0 + dLng, lat0],
          [lng0, lat0 + dLat],
          [lng0, lat0],
        ],
      ],
    };
    const crossed = await saveAs(tokens.notes, noteBody({ layerGeojson: bowtie, categoryName: 'Nova' }));
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json()).toMatchObject({
      code: 'INVALID_GEOMETRY',
      message: 'O polígono desenhado não pode cruzar a si mesmo.',
    });
    const mismatch = await saveAs(tokens.notes, noteBody({ noteType: 'line', layer: 'linestring' }));
    expect(mismatch.json()).toMatchObject({ message: 'O desenho não corresponde ao tipo da anotação.' });
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for another customer's category and for a missing inspection", async () => {
    const before = await counts();
    const category = await saveAs(tokens.notes, noteBody({ categoryId: otherCategoryId }));
    expect(category.statusCode).toBe(404);
    expect(category.json()).toMatchObject({ code: 'NOTE_CATEGORY_NOT_FOUND' });
    const inspection = await saveAs(tokens.notes, noteBody({ inspectionId: 2_000_000_000 }));
    expect(inspection.json()).toMatchObject({ code: 'INSPECTION_NOT_FOUND' });
    expect(await counts()).toEqual(before);
  });
});

describe('permissions', () => {
  it('lets construction.map read notes and categories but not write them', async () => {
    expect((await listAs(tokens.mapOnly)).statusCode).toBe(200);
    const before = await counts();
    const response = await saveAs(tokens.mapOnly, noteBody());
    expect(response.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('refuses a user without construction modules, another customer and an inactive user', async () => {
    expect((await listAs(tokens.noModules)).statusCode).toBe(403);
    expect((await categoriesAs(tokens.noModules)).statusCode).toBe(403);
    const foreign = await listAs(tokens.other);
    expect(foreign.statusCode).toBe(404);
    expect((await categoriesAs(tokens.other)).statusCode).toBe(404);
    const before = await counts();
    expect((await saveAs(tokens.other, noteBody())).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    const inactive = await listAs(tokens.inactive);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ message: 'Acesso negado. O usuário está inativo.' });
  });
});

describe('GET /notes/categories without project_id (as the spec calls it)', () => {
  const bare = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/notes/categories', headers: bearer(token) });

  it("answers the user's own customer's categories, never another customer's", async () => {
    const mine = await bare(tokens.mapOnly);
    expect(mine.statusCode, mine.body).toBe(200);
    const names = (mine.json() as NoteCategory[]).map((category) => category.name);
    expect(names).toContain('Terraplenagem');
    expect(names).not.toContain('Do outro cliente');
    const theirs = (await bare(tokens.other)).json() as NoteCategory[];
    expect(theirs.map((category) => category.id)).toEqual([otherCategoryId]);
  });

  it('refuses a user without a construction module and an inactive user', async () => {
    const refused = await bare(tokens.noModules);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'Módulo não disponível para este usuário.' });
    const inactive = await bare(tokens.inactive);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ message: 'Acesso negado. O usuário está inativo.' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/notes/categories' })).statusCode).toBe(401);
  });
});

describe('POST /notes/destroy', () => {
  it('removes a note of the inspection, refuses it through another inspection and another customer', async () => {
    const note = await save({ name: 'Remover' });
    expect((await destroyAs(tokens.notes, note.id, secondInspectionId)).statusCode).toBe(404);
    expect((await destroyAs(tokens.other, note.id)).statusCode).toBe(404);
    expect((await destroyAs(tokens.mapOnly, note.id)).statusCode).toBe(403);
    const response = await destroyAs(tokens.notes, note.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: note.id });
    const again = await destroyAs(tokens.notes, note.id);
    expect(again.json()).toMatchObject({ code: 'NOTE_NOT_FOUND', message: 'Anotação não encontrada.' });
  });
});

describe('GET /notes/export', () => {
  const exportUrl = (extension: string, token: string, path = '/api/v1/notes/export') =>
    `${path}?inspection_id=${inspectionId}&extension=${extension}&api_token=${token}`;

  it('downloads anotacoes.csv by the api_token link: BOM, ";" separator, one row per note', async () => {
    const notes = (await listAs(tokens.notes)).json() as Note[];
    const response = await ctx.app.inject({
      method: 'GET',
      url: exportUrl('csv', tokens.mapOnly, '/api/v1/notes/export/'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('anotacoes.csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Código;Nome;Data;Descrição;Categoria;Tipo;Área (m²);Comprimento (m);Volume (m³)');
    expect(lines.length).toBe(notes.length + 1);
    const polygon = notes.find((note) => note.note_type === 'polygon') as Note;
    const row = lines.find((lineText) => lineText.startsWith(`${polygon.id};`)) ?? '';
    expect(row).toContain(';Polígono;');
    expect(row).toContain((polygon.area ?? 0).toFixed(2).replace('.', ','));
  });

  it('downloads anotacoes.xls, a real Excel 97-2003 workbook with the same rows', async () => {
    const notes = (await listAs(tokens.notes)).json() as Note[];
    const response = await ctx.app.inject({ method: 'GET', url: exportUrl('xls', tokens.notes) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('anotacoes.xls');
    expect(response.headers['content-type']).toContain('application/vnd.ms-excel');
    const bytes = response.rawPayload;
    // OLE2 compound document signature of a BIFF8 .xls
    expect(bytes.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
    const workbook = XLSX.read(bytes, { type: 'buffer' });
    const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet as XLSX.WorkSheet);
    expect(rows.length).toBe(notes.length);
    expect(rows.map((row) => row['Código'])).toEqual(notes.map((note) => note.id));
    // The date is a date cell (a number with a date format), shown as YYYY-MM-DD, not text.
    const dateCell = (sheet as XLSX.WorkSheet).C2 as XLSX.CellObject;
    expect(dateCell.t).toBe('n');
    expect(XLSX.SSF.is_date(String(dateCell.z))).toBe(true);
    expect(dateCell.w ?? XLSX.SSF.format(String(dateCell.z), dateCell.v as number)).toBe(notes[0]?.date);
    const dated = XLSX.read(bytes, { type: 'buffer', cellDates: true });
    const asDates = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      dated.Sheets[dated.SheetNames[0] ?? ''] as XLSX.WorkSheet,
    );
    expect(asDates[0]?.['Data']).toBeInstanceOf(Date);
  });

  it("answers 404 to another customer's user and 401 without a session", async () => {
    expect((await ctx.app.inject({ method: 'GET', url: exportUrl('csv', tokens.other) })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'GET', url: exportUrl('csv', 'nada') })).statusCode).toBe(401);
  });
});
