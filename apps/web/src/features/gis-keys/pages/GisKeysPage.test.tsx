import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CreatedGisKey, GisKey } from '@mirante/shared';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import GisKeysPage from './GisKeysPage';

const ACTIVE: GisKey = {
  id: 1,
  name: 'QGIS do escritório',
  prefix: 'mgk_abcdefgh',
  created_at: '2026-12-01T10:00:00.000Z',
  expires_at: '2099-03-01T10:00:00.000Z',
  last_used_at: '2026-12-05T14:30:00.000Z',
  revoked_at: null,
};
const REVOKED: GisKey = {
  ...ACTIVE,
  id: 2,
  name: 'ArcGIS antigo',
  prefix: 'mgk_zzzzzzzz',
  revoked_at: ACTIVE.created_at,
};

describe("'Chaves de acesso GIS'", () => {
  it('lists the keys with their last use and status, and shows a new key once with the addresses that carry it', async () => {
    const user = setupUser();
    const created: CreatedGisKey = {
      ...ACTIVE,
      id: 3,
      name: 'GDAL',
      prefix: 'mgk_novachav',
      last_used_at: null,
      key: 'mgk_novachave-novachave-novachave-nov',
    };
    let sent: unknown;
    server.use(
      http.get(api('/gis-keys'), () => HttpResponse.json([ACTIVE, REVOKED])),
      http.post(api('/gis-keys'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    renderWithApp(<GisKeysPage />, { project: { id: 42, name: 'Jardim das Palmeiras' } });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('QGIS do escritório')).toBeTruthy();
    expect(within(table).getByText('Ativa')).toBeTruthy();
    expect(within(table).getByText('Revogada')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: /Revogar/ })).toHaveLength(1);
    expect((screen.getByLabelText('Endereço WMTS') as HTMLInputElement).value).toMatch(
      /\/gis\/project\/42\/wmts\/1\.0\.0\/WMTSCapabilities\.xml$/,
    );

    await user.type(screen.getByLabelText('Nome'), 'GDAL');
    await user.click(screen.getByRole('button', { name: 'Criar chave' }));
    const dialog = await screen.findByRole('dialog');
    expect(sent).toEqual({ name: 'GDAL', expires_in_days: 90 });
    expect(within(dialog).getByText('Copie a chave agora: ela não será mostrada de novo.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Chave de acesso') as HTMLInputElement).value).toBe(created.key);
    expect((within(dialog).getByLabelText('Endereço WMTS com a chave') as HTMLInputElement).value).toMatch(
      /\/gis\/project\/42\/wmts\/1\.0\.0\/WMTSCapabilities\.xml\?key=mgk_novachave-novachave-novachave-nov$/,
    );
  });

  it('refuses a blank name before calling the server, and says why the server refused a key', async () => {
    const user = setupUser();
    const reason = 'Você já tem 20 chaves ativas: revogue uma antes de criar outra.';
    let calls = 0;
    server.use(
      http.get(api('/gis-keys'), () => HttpResponse.json([])),
      http.post(api('/gis-keys'), () => {
        calls++;
        return HttpResponse.json(
          { statusCode: 422, code: 'GIS_KEY_LIMIT', message: reason },
          { status: 422 },
        );
      }),
    );
    renderWithApp(<GisKeysPage />);
    expect(await screen.findByText('Nenhuma chave criada')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Criar chave' }));
    expect(await screen.findByText('Informe um nome para a chave.')).toBeTruthy();
    expect(calls).toBe(0);
    await user.type(screen.getByLabelText('Nome'), 'QGIS');
    await user.click(screen.getByRole('button', { name: 'Criar chave' }));
    expect(await screen.findByText(`Falha ao criar a chave: ${reason}`)).toBeTruthy();
  });

  it('says when the keys cannot be listed', async () => {
    server.use(http.get(api('/gis-keys'), () => HttpResponse.json({ message: 'falha' }, { status: 500 })));
    renderWithApp(<GisKeysPage />);
    expect(await screen.findByText('Não foi possível buscar as suas chaves. Tente novamente.')).toBeTruthy();
  });

  it('says why a revoke failed', async () => {
    const user = setupUser();
    server.use(
      http.get(api('/gis-keys'), () => HttpResponse.json([ACTIVE])),
      http.post(api('/gis-keys/:id/revoke'), () =>
        HttpResponse.json(
          { statusCode: 404, code: 'GIS_KEY_NOT_FOUND', message: 'Chave não encontrada.' },
          { status: 404 },
        ),
      ),
    );
    renderWithApp(<GisKeysPage />);
    await user.click(await screen.findByRole('button', { name: 'Revogar QGIS do escritório' }));
    await user.click(await screen.findByRole('button', { name: 'Revogar' }));
    expect(await screen.findByText('Falha ao revogar a chave: Chave não encontrada.')).toBeTruthy();
  });
});
