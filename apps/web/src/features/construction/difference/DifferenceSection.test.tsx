import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DSM_DIFFERENCE_MESSAGES, type DsmDifference } from '@mirante/shared';
import { testInspection, testScene } from '../../../test/apiFixtures';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import { DifferenceSection } from './DifferenceSection';

const REFUSAL = 'Os modelos de elevação das duas vistorias não se sobrepõem.';
const withModel = (id: number, date: string, phase: number) => ({
  ...testInspection(id, testScene(id + 10, date), phase),
  hasDsm: true,
});
const earlier = withModel(1, '2025-07-15', 1);
const later = withModel(2, '2025-08-15', 2);
const plain = testInspection(3, testScene(13, '2025-09-15'), 3);

describe('Diferença de elevação (map sidebar section)', () => {
  it('asks for two inspections with a model when the project has fewer', () => {
    renderWithApp(<DifferenceSection inspections={[plain, earlier]} shown={null} onShow={() => {}} />);
    expect(screen.getByText(DSM_DIFFERENCE_MESSAGES.needTwo)).toBeTruthy();
    expect(screen.queryByRole('button', { name: DSM_DIFFERENCE_MESSAGES.compute })).toBeNull();
  });

  it('tells the server’s refusal in pt-BR and shows no layer', async () => {
    const user = setupUser();
    const shown: (DsmDifference | null)[] = [];
    let asked = '';
    server.use(
      http.get(api('/inspections/dsm-difference'), ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json({ message: REFUSAL }, { status: 422 });
      }),
    );
    renderWithApp(
      <DifferenceSection inspections={[later, earlier]} shown={null} onShow={(item) => shown.push(item)} />,
    );
    await user.click(screen.getByRole('button', { name: DSM_DIFFERENCE_MESSAGES.compute }));
    expect(await screen.findByText(`${DSM_DIFFERENCE_MESSAGES.failed} ${REFUSAL}`)).toBeTruthy();
    // The newest against the one before it, at the default tolerance.
    expect(asked).toBe('?inspection_id=2&compare_inspection_id=1&tolerance=0.1');
    await waitFor(() => expect(shown).toEqual([]));
    expect(screen.queryByTestId('dsm-difference-result')).toBeNull();
  });

  it('refuses to compare an inspection with itself before asking the server', async () => {
    const user = setupUser();
    let calls = 0;
    server.use(
      http.get(api('/inspections/dsm-difference'), () => {
        calls++;
        return HttpResponse.json({});
      }),
    );
    renderWithApp(<DifferenceSection inspections={[later, earlier]} shown={null} onShow={() => {}} />);
    await user.click(screen.getByLabelText(DSM_DIFFERENCE_MESSAGES.earlier));
    await user.click((await screen.findAllByTitle('15/08/2025 - Fase #2')).at(-1)!);
    await user.click(screen.getByRole('button', { name: DSM_DIFFERENCE_MESSAGES.compute }));
    expect(await screen.findByText(DSM_DIFFERENCE_MESSAGES.sameInspection)).toBeTruthy();
    expect(calls).toBe(0);
  });
});
