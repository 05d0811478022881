import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import SharedViewPage from './SharedViewPage';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

const refusal = (status: number, code: string, message: string) =>
  HttpResponse.json({ statusCode: status, code, message }, { status });

function renderShared() {
  return renderWithApp(
    <Routes>
      <Route path="/compartilhado/:token" element={<SharedViewPage />} />
    </Routes>,
    { path: `/compartilhado/${TOKEN}` },
  );
}

describe('the shared view (no session)', () => {
  it('says a revoked, expired or unknown link is unavailable, in the server’s words', async () => {
    server.use(
      http.post(api(`/shared/${TOKEN}/open`), () =>
        refusal(
          404,
          'SHARE_UNAVAILABLE',
          'Este link de compartilhamento não existe, expirou ou foi revogado.',
        ),
      ),
    );
    renderShared();
    expect(await screen.findByText('Link indisponível')).toBeTruthy();
    expect(
      screen.getByText('Este link de compartilhamento não existe, expirou ou foi revogado.'),
    ).toBeTruthy();
  });

  it('asks for the password, says when it is wrong, and shows the rate limit’s refusal', async () => {
    const user = setupUser();
    const sent: unknown[] = [];
    server.use(
      http.post(api(`/shared/${TOKEN}/open`), async ({ request }) => {
        const body = (await request.json()) as { password?: string };
        sent.push(body);
        if (!body.password)
          return refusal(
            401,
            'SHARE_PASSWORD_REQUIRED',
            'Esta visualização é protegida por senha. Informe a senha para abrir.',
          );
        if (sent.length === 2) return refusal(401, 'SHARE_PASSWORD_WRONG', 'Senha incorreta.');
        return refusal(429, 'RATE_LIMITED', 'Muitas tentativas. Aguarde um minuto e tente novamente.');
      }),
    );
    renderShared();
    expect(await screen.findByText('Visualização protegida')).toBeTruthy();
    await user.type(screen.getByLabelText('Senha'), 'errada-1');
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByText('Senha incorreta.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Senha'));
    await user.type(screen.getByLabelText('Senha'), 'outra-22');
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByText('Muitas tentativas. Aguarde um minuto e tente novamente.')).toBeTruthy();
    expect(sent).toEqual([{}, { password: 'errada-1' }, { password: 'outra-22' }]);
  });
});
