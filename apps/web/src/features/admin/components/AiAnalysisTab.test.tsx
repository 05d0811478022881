import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminScene, SceneWithoutDetect } from '@mirante/shared';
import { renderWithApp } from '../../../test/render';
import { api, server } from '../../../test/server';
import { AiAnalysisTab } from './AiAnalysisTab';

const scene2024: AdminScene = {
  id: 41,
  date: '10052024',
  isoDate: '2024-05-10',
  dateText: '10 de maio de 2024',
  dateFormatted: '10/05/2024',
  sceneId: 41,
  projectId: 3,
  projectName: 'Primeira hora',
  projectSpace: 'primeira-hora',
  detectId: null,
  offset: [0, 0],
  approvalStatus: false,
  imageApprovalStatus: true,
  publishImage: true,
  map3dUrl: null,
  precision: null,
  cloud: null,
  tileUrl: '/tiles/primeira-hora/2024-05-10/{z}/{x}/{y}.png',
  previewUrl: null,
  originalUrl: '/original.tif',
  bounds: null,
  minZoom: null,
  maxZoom: null,
  status: 'ready',
  progress: 100,
  errorMessage: null,
  project_id: 3,
  project_name: 'Primeira hora',
  date_formatted: '10/05/2024',
};

describe("'Análise I.A'", () => {
  it('opens on the month of the newest image without analysis, so that an image of 2024 is listed at once', async () => {
    const askedMonths: (string | null)[] = [];
    server.use(
      http.get(api('/scenes'), () => HttpResponse.json([scene2024])),
      http.get(api('/scenes/without-detect'), ({ request }) => {
        const month = new URL(request.url).searchParams.get('month');
        askedMonths.push(month);
        const rows: SceneWithoutDetect[] =
          month === '2024-05'
            ? [{ id: 41, project_id: 3, project_name: 'Primeira hora', date_formatted: '10/05/2024' }]
            : [];
        return HttpResponse.json(rows);
      }),
    );
    renderWithApp(<AiAnalysisTab />, { credentials: { role: 'ADMIN' } });
    expect(await screen.findByRole('cell', { name: '10/05/2024' })).toBeTruthy();
    expect(screen.getByLabelText('Mês')).toHaveProperty('value', '05/2024');
    expect(askedMonths).toEqual(['2024-05']);
  });
});
