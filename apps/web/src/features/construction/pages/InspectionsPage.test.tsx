import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { INSPECTION_MESSAGES } from '@mirante/shared';
import { testInspection, testScene } from '../../../test/apiFixtures';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import InspectionsPage from './InspectionsPage';

const REFUSAL = 'O servidor recusou o pedido (teste).';
const kept = testScene(11, '2025-07-15');
const free = testScene(12, '2025-07-25');
const inspection = testInspection(101, kept, 1);

const dataRows = () => screen.getByRole('table').querySelectorAll('tbody tr.ant-table-row');

/** The dialog titled `name` once it is open. */
const dialog = async (name: string) => screen.findByRole('dialog', { name });

describe('Vistorias (/page/construction/inspections) when the server fails', () => {
  it('inspections: a refused create and a refused edit show the server’s reason, nothing changes', async () => {
    const user = setupUser();
    let saves = 0;
    server.use(
      http.get(api('/inspections'), () => HttpResponse.json([inspection])),
      http.get(api('/project/:id/scenes'), () => HttpResponse.json([kept, free])),
      http.post(api('/inspections'), () => {
        saves++;
        return HttpResponse.json({ message: REFUSAL }, { status: 422 });
      }),
    );
    renderWithApp(<InspectionsPage />);
    expect(await screen.findByRole('cell', { name: '15/07/2025' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Criar vistoria/ }));
    const create = await dialog('Cadastrar nova');
    await user.click(within(create).getByLabelText('Imagem'));
    await user.click(await screen.findByTitle('25/07/2025'));
    // Typed at once: key by key, each antd re-render costs jsdom seconds on a loaded runner.
    fireEvent.change(within(create).getByLabelText('Fase'), { target: { value: '9' } });
    await user.click(within(create).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(`Não foi possível criar a vistoria: ${REFUSAL}`)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Cadastrar nova' })).toBe(create);
    await user.click(within(create).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cadastrar nova' })).toBeNull());
    expect(dataRows()).toHaveLength(1);

    const row = screen.getByRole('cell', { name: '15/07/2025' }).closest('tr');
    if (!row) throw new Error('the inspection’s row');
    await user.click(within(row).getByRole('button', { name: 'Editar vistoria' }));
    const edit = await dialog('Alterar vistoria');
    fireEvent.change(within(edit).getByLabelText('Fase'), { target: { value: '7' } });
    await user.click(within(edit).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(saves).toBe(2));
    expect(await screen.findByText(`Não foi possível criar a vistoria: ${REFUSAL}`)).toBeTruthy();
    await user.click(within(edit).getByRole('button', { name: 'Cancelar' }));
    expect(within(row).getAllByRole('cell')[1]?.textContent).toBe('1');
  });

  it('inspections: a list that fails to load says so, and “Tentar novamente” loads it', async () => {
    const user = setupUser();
    let fail = true;
    server.use(
      http.get(api('/inspections'), () =>
        fail ? new HttpResponse('', { status: 500 }) : HttpResponse.json([inspection]),
      ),
    );
    renderWithApp(<InspectionsPage />);
    expect(await screen.findByText(/^Não foi possível carregar as vistorias:/)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Tentar novamente/ }));
    expect(await screen.findByRole('cell', { name: '15/07/2025' })).toBeTruthy();
  });
  it('inspections: a refused removal says “Não foi possível remover a vistoria” and the row stays', async () => {
    expect(INSPECTION_MESSAGES.removeFailed).toBe('Não foi possível remover a vistoria');
    const user = setupUser();
    let removals = 0;
    server.use(
      http.get(api('/inspections'), () => HttpResponse.json([inspection])),
      http.post(api('/inspections/destroy'), () => {
        removals++;
        return HttpResponse.json({ message: REFUSAL }, { status: 500 });
      }),
    );
    renderWithApp(<InspectionsPage />);
    const row = (await screen.findByRole('cell', { name: '15/07/2025' })).closest('tr');
    if (!row) throw new Error('the inspection’s row');
    await user.click(within(row).getByRole('button', { name: 'Remover vistoria' }));
    await user.click(await screen.findByRole('button', { name: /^Remover$/ }));
    expect(await screen.findByText(INSPECTION_MESSAGES.removeFailed)).toBeTruthy();
    expect(removals).toBe(1);
    expect(dataRows()).toHaveLength(1);
  });

  it('inspections: the project’s images failing to load say so in “Cadastrar nova”', async () => {
    expect(INSPECTION_MESSAGES.scenesLoadFailed).toBe('Não foi possível carregar as imagens do projeto.');
    const user = setupUser();
    server.use(
      http.get(api('/inspections'), () => HttpResponse.json([inspection])),
      http.get(api('/project/:id/scenes'), () => new HttpResponse('', { status: 500 })),
    );
    renderWithApp(<InspectionsPage />);
    expect(await screen.findByRole('cell', { name: '15/07/2025' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Criar vistoria/ }));
    const create = await dialog('Cadastrar nova');
    expect(await within(create).findByText(INSPECTION_MESSAGES.scenesLoadFailed)).toBeTruthy();
  });
});
