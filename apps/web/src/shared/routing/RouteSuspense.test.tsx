import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteSuspense } from './RouteSuspense';

/** A page whose code never arrives (a slow network, a loaded machine). */
const NeverLoaded = lazy(() => new Promise<never>(() => undefined));

function Home() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/slow')}>
      Ir
    </button>
  );
}

describe('RouteSuspense', () => {
  it('shows the spinner at once when the next page is still loading, not the old page', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <RouteSuspense>
          <Routes>
            <Route path="/" element={<Home />} />
            <Route path="/slow" element={<NeverLoaded />} />
          </Routes>
        </RouteSuspense>
      </MemoryRouter>,
    );
    await act(async () => screen.getByRole('button', { name: 'Ir' }).click());
    expect(screen.getByRole('status').textContent).toContain('Carregando…');
    expect(screen.queryByRole('button', { name: 'Ir' })).toBeNull();
  });
});
