import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { api, server } from '../../../test/server';
import UnsubscribePage from './UnsubscribePage';

describe('the one-click unsubscribe page', () => {
  it('stops the e-mails as it opens and says for which project', async () => {
    let token: string | null = null;
    server.use(
      http.post(api('/alerts/unsubscribe'), ({ request }) => {
        token = new URL(request.url).searchParams.get('token');
        return HttpResponse.json({
          message: 'Você não receberá mais e-mails de alertas do projeto Jardim das Palmeiras.',
          project_name: 'Jardim das Palmeiras',
        });
      }),
    );
    renderWithApp(<UnsubscribePage />, { path: '/auth/alerts-unsubscribe?token=5.3.abc' });
    expect(
      await screen.findByText('Você não receberá mais e-mails de alertas do projeto Jardim das Palmeiras.'),
    ).toBeTruthy();
    expect(token).toBe('5.3.abc');
  });

  it('says the link is invalid when the server refuses it', async () => {
    server.use(
      http.post(api('/alerts/unsubscribe'), () =>
        HttpResponse.json(
          { code: 'UNSUBSCRIBE_INVALID', message: 'Link de cancelamento inválido ou expirado.' },
          { status: 404 },
        ),
      ),
    );
    renderWithApp(<UnsubscribePage />, { path: '/auth/alerts-unsubscribe?token=forjado' });
    expect(await screen.findByText('Link de cancelamento inválido ou expirado.')).toBeTruthy();
  });

  it('says the link is invalid when it carries no token', async () => {
    renderWithApp(<UnsubscribePage />, { path: '/auth/alerts-unsubscribe' });
    expect(await screen.findByText('Link de cancelamento inválido ou expirado.')).toBeTruthy();
  });
});
