import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { NOTE_MESSAGES } from '@mirante/shared';
import { testInspection, testNote, testScene } from '../../../test/apiFixtures';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import NotesPage from './NotesPage';

// jsdom has no WebGL: the drawing map is a button that draws a marker (the browser tests draw on the real map).
vi.mock('../components/NoteDrawMap', () => ({
  NoteDrawMap: ({
    onShape,
  }: {
    onShape(geometry: { type: 'Point'; coordinates: [number, number] }): void;
  }) => (
    <button type="button" onClick={() => onShape({ type: 'Point', coordinates: [0.5, 0.5] })}>
      Desenhar marcador
    </button>
  ),
}));

const scene = testScene(11, '2025-07-15');
const inspection = testInspection(101, scene, 1);
const REFUSAL = 'O servidor recusou o pedido (teste).';

describe('Anotações (/page/construction/notes) when the server fails', () => {
  it('notes: a failed export says “Não foi possível exportar as anotações” and downloads nothing', async () => {
    const user = setupUser();
    const saved = vi.fn(() => 'blob:anotacoes');
    // jsdom has no object URLs: a saved download would come through here.
    URL.createObjectURL = saved;
    let exports = 0;
    server.use(
      http.get(api('/inspections'), () => HttpResponse.json([inspection])),
      http.get(api('/notes'), () => HttpResponse.json([testNote(201, inspection.id, 'Poste a remover')])),
      http.get(api('/notes/export/'), () => {
        exports++;
        return new HttpResponse('erro', { status: 500 });
      }),
    );
    renderWithApp(<NotesPage />);
    await user.click(await screen.findByRole('combobox', { name: 'Vistoria' }));
    await user.click(await screen.findByTitle('15/07/2025 - Fase #1'));
    expect(await screen.findByRole('cell', { name: 'Poste a remover' })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: /Exportar CSV/ }));
    expect(await screen.findByText('Não foi possível exportar as anotações')).toBeTruthy();
    expect(exports).toBe(1);
    expect(saved).not.toHaveBeenCalled();
  });

  it('notes: a refused save shows “Não foi possível criar a anotação:” with the reason, the dialog stays', async () => {
    const user = setupUser();
    let saves = 0;
    server.use(
      http.get(api('/inspections'), () => HttpResponse.json([inspection])),
      http.get(api('/notes'), () => HttpResponse.json([testNote(201, inspection.id, 'Poste a remover')])),
      http.get(api('/notes/categories'), () =>
        HttpResponse.json([{ id: 1, name: 'Interferências', color: '#aa3300' }]),
      ),
      http.get(api('/project/:id/scenes'), () => HttpResponse.json([scene])),
      http.post(api('/notes'), () => {
        saves++;
        return HttpResponse.json({ code: 'REFUSED', message: REFUSAL }, { status: 422 });
      }),
    );
    renderWithApp(<NotesPage />);
    await user.click(await screen.findByRole('combobox', { name: 'Vistoria' }));
    await user.click(await screen.findByTitle('15/07/2025 - Fase #1'));
    expect(await screen.findByRole('cell', { name: 'Poste a remover' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Criar anotação/ }));
    // antd names every dialog by the id "test-id" under test, which the page's own select also has: find it by title.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Nova anotação')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Nome'), 'Caçamba de entulho');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Caçamba na calçada');
    await user.click(within(dialog).getByRole('combobox', { name: 'Categoria' }));
    const category = await screen.findAllByText('Interferências');
    await user.click(category.find((option) => option.closest('.ant-select-item-option')) as HTMLElement);
    await user.click(within(dialog).getByText('Marcador', { exact: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Desenhar marcador' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(`Não foi possível criar a anotação: ${REFUSAL}`)).toBeTruthy();
    expect(saves).toBe(1);
    expect(screen.getByRole('dialog')).toBe(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getAllByRole('row').filter((row) => row.classList.contains('ant-table-row'))).toHaveLength(
      1,
    );
  });
  it('notes: a list that fails to load says so, and “Tentar novamente” loads it', async () => {
    expect(NOTE_MESSAGES.loadFailed).toBe(
      'Não foi possível carregar as anotações. Tente novamente mais tarde.',
    );
    const user = setupUser();
    let fail = true;
    server.use(
      http.get(api('/inspections'), () => HttpResponse.json([inspection])),
      http.get(api('/notes'), () =>
        fail
          ? new HttpResponse('', { status: 500 })
          : HttpResponse.json([testNote(201, inspection.id, 'Poste a remover')]),
      ),
    );
    renderWithApp(<NotesPage />);
    await user.click(await screen.findByRole('combobox', { name: 'Vistoria' }));
    await user.click(await screen.findByTitle('15/07/2025 - Fase #1'));
    expect(await screen.findByText(NOTE_MESSAGES.loadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Tentar novamente/ }));
    expect(await screen.findByRole('cell', { name: 'Poste a remover' })).toBeTruthy();
  });

  it('notes: categories failing to load say “Não foi possível carregar as categorias:” with the reason', async () => {
    expect(NOTE_MESSAGES.categoriesLoadFailed).toBe('Não foi possível carregar as categorias:');
    const user = setupUser();
    server.use(
      http.get(api('/inspections'), () => HttpResponse.json([inspection])),
      http.get(api('/notes'), () => HttpResponse.json([testNote(201, inspection.id, 'Poste a remover')])),
      http.get(api('/notes/categories'), () => HttpResponse.json({ message: REFUSAL }, { status: 500 })),
      http.get(api('/project/:id/scenes'), () => HttpResponse.json([scene])),
    );
    renderWithApp(<NotesPage />);
    await user.click(await screen.findByRole('combobox', { name: 'Vistoria' }));
    await user.click(await screen.findByTitle('15/07/2025 - Fase #1'));
    expect(await screen.findByRole('cell', { name: 'Poste a remover' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Criar anotação/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(`${NOTE_MESSAGES.categoriesLoadFailed} ${REFUSAL}`)).toBeTruthy();
  });

  it('notes: a refused removal says “Não foi possível remover as anotações” and the row stays', async () => {
    expect(NOTE_MESSAGES.removeFailed).toBe('Não foi possível remover as anotações');
    const user = setupUser();
    let removals = 0;
    server.use(
      http.get(api('/inspections'), () => HttpResponse.json([inspection])),
      http.get(api('/notes'), () => HttpResponse.json([testNote(201, inspection.id, 'Poste a remover')])),
      http.post(api('/notes/destroy'), () => {
        removals++;
        return HttpResponse.json({ message: REFUSAL }, { status: 500 });
      }),
    );
    renderWithApp(<NotesPage />);
    await user.click(await screen.findByRole('combobox', { name: 'Vistoria' }));
    await user.click(await screen.findByTitle('15/07/2025 - Fase #1'));
    const row = (await screen.findByRole('cell', { name: 'Poste a remover' })).closest('tr');
    if (!row) throw new Error('the note’s row');
    await user.click(within(row).getByRole('button', { name: 'Remover anotação' }));
    await user.click(await screen.findByRole('button', { name: /^Remover$/ }));
    expect(await screen.findByText(NOTE_MESSAGES.removeFailed)).toBeTruthy();
    expect(removals).toBe(1);
    expect(screen.getByRole('cell', { name: 'Poste a remover' })).toBeTruthy();
  });
});
