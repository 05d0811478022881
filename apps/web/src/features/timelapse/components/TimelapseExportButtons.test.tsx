import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { TIMELAPSE_MESSAGES } from '@mirante/shared';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import { TimelapseExportButtons } from './TimelapseExportButtons';

const REQUEST = {
  west: -51.95,
  south: -23.42,
  east: -51.948,
  north: -23.418,
  width: 600,
  height: 400,
  frame_ms: 800,
};

const exportRow = (status: string, error: string | null = null) => ({
  id: 9,
  project_id: 3,
  format: 'gif',
  status,
  progress: status === 'failed' ? 40 : 10,
  frames: 24,
  file_name: 'jardim-lote-7-timelapse-2025-01-10-a-2026-11-01.gif',
  error,
});

const formats = (mp4: boolean) => [
  { format: 'webp', available: true, reason: null },
  { format: 'gif', available: true, reason: null },
  { format: 'mp4', available: mp4, reason: mp4 ? null : TIMELAPSE_MESSAGES.mp4Unavailable },
];

describe('TimelapseExportButtons', () => {
  beforeEach(() => {
    server.use(http.get(api('/timelapse-formats'), () => HttpResponse.json(formats(true))));
  });

  it('disables MP4 and says why when the server has no ffmpeg', async () => {
    server.use(http.get(api('/timelapse-formats'), () => HttpResponse.json(formats(false))));
    renderWithApp(<TimelapseExportButtons projectId={3} apiToken="t" request={REQUEST} />);
    expect(await screen.findByText(TIMELAPSE_MESSAGES.mp4Unavailable)).toBeTruthy();
    expect((screen.getByRole('button', { name: /Vídeo MP4/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /WebP animado/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks the server for an MP4 when it can write one', async () => {
    const user = setupUser();
    let asked: unknown = null;
    server.use(
      http.post(api('/project/3/timelapse/exports'), async ({ request }) => {
        asked = ((await request.json()) as { format: string }).format;
        return HttpResponse.json({ ...exportRow('queued'), format: 'mp4' }, { status: 201 });
      }),
      http.get(api('/timelapse-exports/9'), () => HttpResponse.json(exportRow('processing'))),
    );
    renderWithApp(<TimelapseExportButtons projectId={3} apiToken="t" request={REQUEST} />);
    const mp4 = await screen.findByRole('button', { name: /Vídeo MP4/ });
    await waitFor(() => expect((mp4 as HTMLButtonElement).disabled).toBe(false));
    await user.click(mp4);
    await waitFor(() => expect(asked).toBe('mp4'));
    expect(screen.queryByText(TIMELAPSE_MESSAGES.mp4Unavailable)).toBeNull();
  });

  it('tells the server’s refusal when no scene is left by the filters', async () => {
    const user = setupUser();
    server.use(
      http.post(api('/project/3/timelapse/exports'), () =>
        HttpResponse.json(
          { code: 'TIMELAPSE_NO_SCENES', message: TIMELAPSE_MESSAGES.noScenes },
          { status: 422 },
        ),
      ),
    );
    renderWithApp(<TimelapseExportButtons projectId={3} apiToken="t" request={REQUEST} />);
    await user.click(await screen.findByRole('button', { name: /WebP animado/ }));
    expect(await screen.findByText(TIMELAPSE_MESSAGES.noScenes)).toBeTruthy();
  });

  it('shows the export’s progress and its failure message from the worker', async () => {
    const user = setupUser();
    let polls = 0;
    server.use(
      http.post(api('/project/3/timelapse/exports'), () =>
        HttpResponse.json(exportRow('queued'), { status: 201 }),
      ),
      http.get(api('/timelapse-exports/9'), () => {
        polls += 1;
        return HttpResponse.json(
          polls < 2 ? exportRow('processing') : exportRow('failed', TIMELAPSE_MESSAGES.exportFailed),
        );
      }),
    );
    renderWithApp(<TimelapseExportButtons projectId={3} apiToken="t" request={REQUEST} />);
    await user.click(await screen.findByRole('button', { name: /GIF animado/ }));
    expect(await screen.findByText(TIMELAPSE_MESSAGES.exportFailed, {}, { timeout: 5000 })).toBeTruthy();
    expect((screen.getByRole('button', { name: /GIF animado/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers nothing to export while the filters leave no scene', async () => {
    renderWithApp(<TimelapseExportButtons projectId={3} apiToken="t" request={null} />);
    expect(
      ((await screen.findByRole('button', { name: /WebP animado/ })) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
