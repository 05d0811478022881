import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AlertList } from '@mirante/shared';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import { AlertBell } from './AlertBell';

const LIST: AlertList = {
  unread: 1,
  items: [
    {
      id: 7,
      kind: 'scene_published',
      project_id: 42,
      project_name: 'Jardim das Palmeiras',
      title: 'Nova imagem publicada',
      detail: 'Imagem de 15/04/2026 publicada.',
      link: '/page/fusion-map?projeto=42',
      created_at: '2026-12-07T10:00:00.000Z',
      read: false,
    },
  ],
};

describe('the alerts bell', () => {
  it('shows the unread count and lists the alerts; opening one marks it read', async () => {
    const user = setupUser();
    let read: unknown;
    server.use(
      http.get(api('/alerts'), () => HttpResponse.json(LIST)),
      http.post(api('/alerts/read'), async ({ request }) => {
        read = await request.json();
        return HttpResponse.json({ unread: 0 });
      }),
    );
    renderWithApp(<AlertBell />);
    const bell = await screen.findByRole('button', { name: 'Alertas: 1 não lido' });
    await user.click(bell);
    const item = await screen.findByRole('button', { name: /Nova imagem publicada/ });
    expect(item.textContent).toContain('Jardim das Palmeiras');
    await user.click(item);
    await expect.poll(() => read).toEqual({ ids: [7] });
  });

  it('says so in pt-BR when the alerts cannot be loaded', async () => {
    const user = setupUser();
    server.use(http.get(api('/alerts'), () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderWithApp(<AlertBell />);
    await user.click(await screen.findByRole('button', { name: 'Alertas: nenhum não lido' }));
    expect(await screen.findByText('Não foi possível carregar os alertas.')).toBeTruthy();
  });
});
