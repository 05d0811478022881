import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { InformationList } from '@mirante/shared';
import { renderWithApp, setupUser } from '../../test/render';
import { api, server } from '../../test/server';
import { InformationRoute } from './InformationRoute';

const LIST = api('/project/:id/informations');

const emptyPortfolio: InformationList = {
  list: [],
  blocksLotsAvailable: [],
  statusAvailable: [],
  blocksAvailable: [],
  lotsAvailable: [],
  statusUnityAvailable: [],
  stagesAvailable: [],
  detectTypesAvailable: [],
  alertMonths: 12,
  hasStage: false,
};

describe('the portfolio page (/page/information) when the list fails', () => {
  it('a 404 from the portfolio shows the wait page', async () => {
    server.use(
      http.post(LIST, () =>
        HttpResponse.json(
          { statusCode: 404, code: 'PROJECT_NOT_FOUND', message: 'Projeto não encontrado.' },
          { status: 404 },
        ),
      ),
    );
    renderWithApp(<InformationRoute />);
    const wait = await screen.findByTestId('portfolio-wait');
    expect(wait.textContent).toContain('A carteira deste empreendimento ainda está sendo preparada');
    expect(screen.queryByRole('heading', { name: 'Análise da carteira' })).toBeNull();
  });

  it('a server failure shows the error page, and its retry loads the portfolio', async () => {
    let failing = true;
    server.use(
      http.post(LIST, () =>
        failing
          ? HttpResponse.json(
              { statusCode: 500, code: 'INTERNAL', message: 'Ocorreu algum erro no servidor.' },
              { status: 500 },
            )
          : HttpResponse.json(emptyPortfolio),
      ),
    );
    renderWithApp(<InformationRoute />);
    const error = await screen.findByTestId('server-error');
    expect(error.textContent).toContain('Ops, ocorreu algum erro no servidor');
    failing = false;
    await setupUser().click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Análise da carteira' })).toBeTruthy();
  });
});
