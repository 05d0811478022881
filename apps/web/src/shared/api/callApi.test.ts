import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, authApi, notifyApi, projectsApi } from '@mirante/shared';
import { testCredentials } from '../../test/fixtures';
import { callApi } from './callApi';
import { onSessionFailure, type SessionFailure } from './sessionFailure';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}

const fetchMock = vi.fn<typeof fetch>();
const failures: SessionFailure[] = [];

function respond(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(testCredentials({ api_token: 'abc' })));
  onSessionFailure((failure) => failures.push(failure));
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  failures.length = 0;
  onSessionFailure(null);
});

describe('callApi', () => {
  it('sends the bearer token and builds the path and query', async () => {
    respond(200, []);
    await callApi(projectsApi.list, { query: { loteamento: 'São José' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/project?loteamento=S%C3%A3o+Jos%C3%A9');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('form-encodes bodies of form endpoints', async () => {
    respond(200, { message: 'ok' });
    await callApi(notifyApi.requestHelp, { body: { subject: 'Olá', email: 'a@b.com', message: 'x' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(String(init?.body)).toBe('subject=Ol%C3%A1&email=a%40b.com&message=x');
    expect((init?.headers as Record<string, string>)['Content-Type']).toContain('x-www-form-urlencoded');
  });

  it('throws the server message and reports an expired session on 401', async () => {
    respond(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Sessão expirada' });
    await expect(callApi(projectsApi.list)).rejects.toMatchObject({
      status: 401,
      message: 'Sessão expirada',
    });
    expect(failures).toEqual(['expired']);
  });

  it('reports an inactive user on 403 with the inactive message only', async () => {
    respond(403, { statusCode: 403, code: 'FORBIDDEN', message: 'Sem permissão' });
    await expect(callApi(projectsApi.list)).rejects.toMatchObject({ status: 403 });
    respond(403, {
      statusCode: 403,
      code: 'USER_INACTIVE',
      message: 'Acesso negado. O usuário está inativo.',
    });
    await expect(callApi(projectsApi.list)).rejects.toMatchObject({ code: 'USER_INACTIVE' });
    expect(failures).toEqual(['inactive']);
  });

  it('does not treat a wrong password on the public login as a lost session', async () => {
    respond(401, { statusCode: 401, code: 'INVALID', message: 'Usuário ou senha inválidos' });
    await expect(callApi(authApi.login, { body: { email: 'a@b.com', password: 'x' } })).rejects.toMatchObject(
      {
        status: 401,
      },
    );
    expect(failures).toEqual([]);
  });

  it('falls back to the default message when the body has none', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }));
    await expect(callApi(projectsApi.list)).rejects.toMatchObject({
      message: 'Não foi possível concluir a requisição.',
    });
  });
});
