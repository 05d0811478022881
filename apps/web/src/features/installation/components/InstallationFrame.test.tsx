import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { api, server } from '../../../test/server';
import { InstallationFrame } from './InstallationFrame';

function answer(demo: boolean) {
  let asked = 0;
  server.use(
    http.get(api('/installation'), () => {
      asked++;
      return HttpResponse.json({ demo });
    }),
  );
  return () => asked;
}

describe('InstallationFrame', () => {
  it('announces the demonstration above the page, with the banner’s height for full-height screens', async () => {
    answer(true);
    const { container } = renderWithApp(
      <InstallationFrame>
        <p>Página</p>
      </InstallationFrame>,
    );
    const banner = await screen.findByRole('note', { name: 'Demonstração — não use com dados reais' });
    expect(banner.textContent).toBe('Demonstração — não use com dados reais');
    expect(container.querySelector('.app-frame')?.classList.contains('app-frame--demo')).toBe(true);
    expect(screen.getByText('Página').tagName).toBe('P');
  });

  it('shows no banner on a real install', async () => {
    const asked = answer(false);
    const { container } = renderWithApp(
      <InstallationFrame>
        <p>Página</p>
      </InstallationFrame>,
    );
    await waitFor(() => expect(asked()).toBe(1));
    expect(screen.getByText('Página').tagName).toBe('P');
    expect(screen.queryByRole('note')).toBeNull();
    expect(container.querySelector('.app-frame')?.classList.contains('app-frame--demo')).toBe(false);
  });
});
