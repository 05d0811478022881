import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import { LoginForm } from './LoginForm';

describe('LoginForm', () => {
  it('tells the app once when credentials are sent (to preload the signed-in pages), not when the form is refused', async () => {
    const user = setupUser();
    const sent = vi.fn();
    const asked = vi.fn();
    server.use(
      http.post(api('/user'), () => {
        asked();
        return HttpResponse.json(
          { code: 'INVALID_CREDENTIALS', message: 'Credenciais inválidas' },
          { status: 401 },
        );
      }),
    );
    renderWithApp(<LoginForm onForgotPassword={() => undefined} onSubmitted={sent} />);
    await user.type(screen.getByLabelText('Email'), 'não é um email');
    await user.type(screen.getByLabelText('Senha'), 'mirante2026');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByText(/email/i, { selector: '.ant-form-item-explain-error' });
    expect(sent).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'usuario@horizonte.com.br');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    expect(sent).toHaveBeenCalledTimes(1);
  });
});
