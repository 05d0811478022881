import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SCENE_MESSAGES } from '@mirante/shared';
import { testProject } from '../../../test/fixtures';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import { REFUSED_FILE_REMOVED, RegisterSceneTab } from './RegisterSceneTab';

const PROJECTS = [
  testProject({ id: 1, name: 'Jardim das Palmeiras' }),
  testProject({ id: 2, name: 'Residencial Aurora', space: 'aurora' }),
];

const form = () => screen.getByRole('form', { name: 'Cadastrar imagem' });
const chosenFiles = () => form().querySelectorAll('.ant-upload-list-item').length;

describe("'Cadastrar imagem'", () => {
  it("starts on the project of ?projeto= with 'Publicar imagem' ticked", async () => {
    server.use(http.get(api('/project'), () => HttpResponse.json(PROJECTS)));
    renderWithApp(<RegisterSceneTab />, { path: '/page/admin?aba=scene&projeto=2' });
    expect(await within(form()).findByText('2 - Residencial Aurora')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Publicar imagem' })).toHaveProperty('checked', true);
  });

  it('without ?projeto=, starts on the project chosen in the header', async () => {
    server.use(http.get(api('/project'), () => HttpResponse.json(PROJECTS)));
    renderWithApp(<RegisterSceneTab />, { project: PROJECTS[0] });
    expect(await within(form()).findByText('1 - Jardim das Palmeiras')).toBeTruthy();
  });

  it('takes a refused file out of the list and says so, so the next choice is not sent with it', async () => {
    const user = setupUser();
    const reason = 'O arquivo não é georreferenciado.';
    server.use(
      http.get(api('/project'), () => HttpResponse.json(PROJECTS)),
      http.post(api('/scene'), () => HttpResponse.json({ message: reason }, { status: 422 })),
    );
    renderWithApp(<RegisterSceneTab />, { project: PROJECTS[0] });
    await within(form()).findByText('1 - Jardim das Palmeiras');
    const date = screen.getByPlaceholderText('DD/MM/AAAA');
    await user.type(date, '10/03/2024{Enter}');
    const input = form().querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(64)], 'errada.tif', { type: 'image/tiff' }));
    expect(chosenFiles()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(
      await screen.findByText(`${SCENE_MESSAGES.createFailed}: ${reason} ${REFUSED_FILE_REMOVED}`),
    ).toBeTruthy();
    await waitFor(() => expect(chosenFiles()).toBe(0));
  });
});
