import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupUser } from '../../test/render';
import { api, server } from '../../test/server';
import { GeoExportModal } from './GeoExportModal';
import { notesGeoExportHref } from './geoExportUrl';

const SAO_PAULO: [number, number] = [-46.63, -23.55];

function renderModal(onClose = vi.fn()) {
  renderWithApp(
    <GeoExportModal
      open
      subject="Anotações da vistoria"
      center={SAO_PAULO}
      href={(choice) => notesGeoExportHref(7, choice)}
      onClose={onClose}
    />,
  );
  return onClose;
}

describe('GeoExportModal', () => {
  it('offers the project’s UTM zone, keeps GeoJSON in WGS 84, and says where areas are measured', async () => {
    const user = setupUser();
    renderModal();
    const utm = (await screen.findByRole('radio', {
      name: 'SIRGAS 2000 / UTM zone 23S (EPSG:31983)',
    })) as HTMLInputElement;
    expect(utm.checked).toBe(true);
    expect(screen.getByText(/Áreas \(area_m2\) planas, medidas em SIRGAS 2000 \/ UTM zone 23S/)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'GeoJSON' }));
    expect((screen.getByRole('radio', { name: 'WGS 84 (EPSG:4326)' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(utm.disabled).toBe(true);
  });

  it('saves the file under the name the server gives it, with the chosen format and CRS', async () => {
    const user = setupUser();
    const saved = vi.fn(() => 'blob:export');
    URL.createObjectURL = saved;
    let asked = '';
    server.use(
      http.get(api('/notes/geo-export'), ({ request }) => {
        asked = new URL(request.url).search;
        return new HttpResponse('PK', {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="obra-anotacoes-fase-1-2026-12-07.zip"',
          },
        });
      }),
    );
    const onClose = renderModal();
    await user.click(await screen.findByRole('radio', { name: 'Shapefile (.zip)' }));
    await user.click(screen.getByRole('button', { name: 'Baixar' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(asked).toContain('inspection_id=7');
    expect(asked).toContain('format=shp');
    expect(asked).toContain('crs=utm');
    expect(saved).toHaveBeenCalledOnce();
  });

  it('tells the server’s pt-BR refusal, or a generic failure, and downloads nothing', async () => {
    const user = setupUser();
    const saved = vi.fn(() => 'blob:export');
    URL.createObjectURL = saved;
    server.use(
      http.get(api('/notes/geo-export'), () =>
        HttpResponse.json(
          {
            statusCode: 422,
            code: 'NOTHING_TO_EXPORT',
            message: 'Não há geometrias para exportar com estes filtros.',
          },
          { status: 422 },
        ),
      ),
    );
    const onClose = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Baixar' }));
    expect(await screen.findByText('Não há geometrias para exportar com estes filtros.')).toBeTruthy();

    server.use(http.get(api('/notes/geo-export'), () => new HttpResponse('erro', { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Baixar' }));
    expect(
      await screen.findByText('Não foi possível exportar as geometrias. Tente novamente mais tarde.'),
    ).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
