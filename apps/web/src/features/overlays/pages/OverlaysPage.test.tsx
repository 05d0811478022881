import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { testOverlay } from '../../../test/apiFixtures';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import OverlaysPage from './OverlaysPage';

const REASON = 'Recusado pelo servidor (teste).';
const PLAN = 'Planta de situação - Torre';

describe('Sobreposições (/page/construction/overlays) when the server fails', () => {
  it('overlays: a list that fails to load shows the spec’s message', async () => {
    server.use(http.get(api('/project/:projectId/overlays'), () => new HttpResponse('', { status: 500 })));
    renderWithApp(<OverlaysPage />);
    expect(
      await screen.findByText('Não foi possível carregar as sobreposições. Tente novamente mais tarde.'),
    ).toBeTruthy();
  });

  it('overlays: a refused removal says “Não foi possível remover a sobreposição:” with the reason and keeps it', async () => {
    const user = setupUser();
    let lists = 0;
    server.use(
      http.get(api('/project/:projectId/overlays'), () => {
        lists++;
        return HttpResponse.json([testOverlay(7, PLAN)]);
      }),
      http.post(api('/overlays/destroy'), () => HttpResponse.json({ message: REASON }, { status: 422 })),
    );
    renderWithApp(<OverlaysPage />);
    const row = (await screen.findByRole('cell', { name: PLAN })).closest('tr');
    if (!row) throw new Error('the plan’s row');
    await user.click(within(row).getByRole('button', { name: `Remover ${PLAN}` }));
    await user.click(await screen.findByRole('button', { name: 'Remover' }));
    expect(await screen.findByText(`Não foi possível remover a sobreposição: ${REASON}`)).toBeTruthy();
    // Nothing removed: the list is not read again, and the plan stays listed.
    expect(lists).toBe(1);
    expect(screen.getByRole('cell', { name: PLAN })).toBeTruthy();
  });
});
