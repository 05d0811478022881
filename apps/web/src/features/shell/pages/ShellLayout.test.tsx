import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { api, server } from '../../../test/server';
import { testProject } from '../../../test/fixtures';
import { renderWithApp, setupUser } from '../../../test/render';
import ShellLayout from './ShellLayout';

const NO_PROJECTS = {
  statusCode: 404,
  code: 'NO_PROJECTS',
  message: 'Nenhum projeto encontrado para este usuário.',
};

/** The shell at /page with a page that says it was reached (the shell itself draws the top bar around it). */
const shell = (
  <Routes>
    <Route path="/page" element={<ShellLayout />}>
      <Route index element={<p>Página do projeto</p>} />
    </Route>
  </Routes>
);

describe('a user without any project (a new installation)', () => {
  it('a USER is told to talk to the administrator, with no form', async () => {
    server.use(http.get(api('/project'), () => HttpResponse.json(NO_PROJECTS, { status: 404 })));
    renderWithApp(shell, { credentials: { role: 'USER' } });
    expect(await screen.findByText('Nenhum projeto encontrado para este usuário')).toBeTruthy();
    expect(
      screen.getByText('Ainda não há projetos vinculados à sua conta. Fale com o administrador.'),
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Cadastrar projeto' })).toBeNull();
    // The screen stands without the top bar: it offers its own way out.
    expect(screen.getByRole('button', { name: 'Sair' })).toBeTruthy();
  });

  it('an ADMIN registers the first project on that screen, and the app opens on it', async () => {
    let registered = false;
    const project = testProject({ id: 7, name: 'Residencial Primeiro' });
    server.use(
      http.get(api('/project'), () =>
        registered ? HttpResponse.json([project]) : HttpResponse.json(NO_PROJECTS, { status: 404 }),
      ),
      http.get(api('/customers'), () => HttpResponse.json([{ id: 3, name: 'Loteadora Nova' }])),
      // The top bar's alerts bell, once the shell is drawn around the first project.
      http.get(api('/alerts'), () => HttpResponse.json({ unread: 0, items: [] })),
      http.post(api('/projects'), async ({ request }) => {
        const body = (await request.json()) as { name: string; customerId: number; projectType: string };
        expect(body).toMatchObject({ name: 'Residencial Primeiro', customerId: 3, projectType: 'ALLOTMENT' });
        registered = true;
        return HttpResponse.json(
          {
            ...project,
            customerName: 'Loteadora Nova',
            archivedAt: null,
            createdAt: '2026-12-07T12:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    const user = setupUser();
    renderWithApp(shell, { credentials: { role: 'ADMIN' } });
    const form = await screen.findByRole('form', { name: 'Cadastrar projeto' });
    expect(screen.getByText('Nenhum projeto encontrado para este usuário')).toBeTruthy();
    await user.type(within(form).getByLabelText('Nome'), 'Residencial Primeiro');
    await user.click(within(form).getByLabelText('Cliente'));
    await user.click(await screen.findByTitle('Loteadora Nova'));
    await user.click(within(form).getByRole('button', { name: 'Cadastrar projeto' }));
    expect(await screen.findByText('Página do projeto')).toBeTruthy();
    expect(screen.queryByText('Nenhum projeto encontrado para este usuário')).toBeNull();
  });
});
