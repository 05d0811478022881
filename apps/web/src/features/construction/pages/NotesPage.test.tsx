import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { testInspection, testNote, testScene } from '../../../test/apiFixtures';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import NotesPage from './NotesPage';

const inspection = testInspection(101, testScene(11, '2025-07-15'), 1);

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
});
