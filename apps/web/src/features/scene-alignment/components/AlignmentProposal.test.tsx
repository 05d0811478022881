import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { alignmentMessage, type SceneAlignment } from '@mirante/shared';
import { testScene } from '../../../test/apiFixtures';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import { AlignmentProposal } from './AlignmentProposal';

const PIXEL = 'data:image/webp;base64,UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=';

function alignment(overrides: Partial<SceneAlignment> = {}): SceneAlignment {
  const base = {
    sceneId: 7,
    referenceSceneId: 6,
    referenceDate: '10/05/2025',
    status: 'match' as const,
    offset: [-6.3, 4.1] as [number, number],
    shift: [6.3, -4.1] as [number, number],
    confidence: 0.93,
    overlap: 0.9,
    pixelSize: 0.45,
    decision: null,
    previews: { reference: PIXEL, before: PIXEL, after: PIXEL },
    ...overrides,
  };
  return { ...base, message: alignmentMessage(base) };
}

const scene = testScene(7, '2025-06-10');

describe('AlignmentProposal', () => {
  it('shows the proposal in pt-BR with its actions', async () => {
    server.use(http.get(api('/scene/7/alignment'), () => HttpResponse.json({ data: alignment() })));
    renderWithApp(<AlignmentProposal scene={scene} />);
    expect(
      await screen.findByText(
        'O Mirante propõe deslocar esta imagem 6,30 m para oeste e 4,10 m para norte, alinhando-a à imagem de ' +
          '10/05/2025 (confiança 93%, sobreposição 90%).',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aceitar proposta' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Comparar antes/depois' })).toBeTruthy();
  });

  it('says why there is no proposal and offers no action for a weak match', async () => {
    server.use(
      http.get(api('/scene/7/alignment'), () =>
        HttpResponse.json({
          data: alignment({ status: 'weak', confidence: 0.12, offset: [0, 0], previews: null }),
        }),
      ),
    );
    renderWithApp(<AlignmentProposal scene={scene} />);
    expect(
      await screen.findByText(
        'A correspondência com a imagem de 10/05/2025 é fraca (confiança 12%): o Mirante não propõe um ' +
          'deslocamento. Ajuste o offset manualmente, se precisar.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aceitar proposta' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Comparar antes/depois' })).toBeNull();
  });

  it("shows the server's reason when accepting fails, and keeps the proposal open", async () => {
    const user = setupUser();
    server.use(
      http.get(api('/scene/7/alignment'), () => HttpResponse.json({ data: alignment() })),
      http.post(api('/scene/7/alignment/accept'), () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'ALIGNMENT_DECIDED',
            message: 'Esta proposta de alinhamento já foi decidida.',
          },
          { status: 409 },
        ),
      ),
    );
    renderWithApp(<AlignmentProposal scene={scene} />);
    await user.click(await screen.findByRole('button', { name: 'Aceitar proposta' }));
    expect(await screen.findByText('Esta proposta de alinhamento já foi decidida.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aceitar proposta' })).toBeTruthy();
  });

  it('shows nothing when the scene has no alignment', async () => {
    let asked = false;
    server.use(
      http.get(api('/scene/7/alignment'), () => {
        asked = true;
        return HttpResponse.json({ data: null });
      }),
    );
    const { container } = renderWithApp(<AlignmentProposal scene={scene} />);
    await vi.waitFor(() => expect(asked).toBe(true));
    expect(container.querySelector('[data-testid="alignment-proposal"]')).toBeNull();
  });
});
