import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../features/auth/auth-user';
import { cachedSessions } from './cached-sessions';

const user = (id: number): AuthUser => ({
  id,
  name: 'Pessoa',
  email: `p${id}@exemplo.com`,
  role: 'USER',
  customerId: 1,
  groupId: null,
  active: true,
  modules: [],
  sessionId: String(id),
  fromToken: false,
});

afterEach(() => vi.useRealTimers());

describe('cachedSessions', () => {
  it('resolves a token once within the cache lifetime and again after it', async () => {
    vi.useFakeTimers();
    const resolve = vi.fn(async () => user(1));
    const sessions = cachedSessions(resolve);
    await sessions('a');
    await sessions('a');
    expect(resolve).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_001);
    await sessions('a');
    expect(resolve).toHaveBeenCalledTimes(2);
  });

  it('forgetUser drops that user’s tokens at once and keeps the others', async () => {
    const resolve = vi.fn(async (token: string) => user(token === 'b' ? 2 : 1));
    const sessions = cachedSessions(resolve);
    await sessions('a');
    await sessions('b');
    sessions.forgetUser(1);
    await sessions('a');
    await sessions('b');
    expect(resolve.mock.calls.map(([token]) => token)).toEqual(['a', 'b', 'a']);
  });

  it('runs one lookup for concurrent requests of the same token, and asks again after a failed one', async () => {
    let finish: (value: AuthUser) => void = () => undefined;
    const resolve = vi.fn(
      (token: string) =>
        new Promise<AuthUser | null>((done, fail) =>
          token === 'bad' ? fail(new Error('banco fora')) : (finish = done),
        ),
    );
    const sessions = cachedSessions(resolve);
    const waiting = Array.from({ length: 64 }, () => sessions('a'));
    finish(user(1));
    expect((await Promise.all(waiting)).every((found) => found?.id === 1)).toBe(true);
    expect(resolve).toHaveBeenCalledTimes(1);
    await expect(sessions('bad')).rejects.toThrow('banco fora');
    await expect(sessions('bad')).rejects.toThrow('banco fora');
    expect(resolve).toHaveBeenCalledTimes(3);
  });

  it('forgetUser also drops a lookup still running (it may be that user’s)', async () => {
    let finish: (value: AuthUser) => void = () => undefined;
    const resolve = vi.fn(() => new Promise<AuthUser | null>((done) => (finish = done)));
    const sessions = cachedSessions(resolve);
    const pending = sessions('a');
    sessions.forgetUser(1);
    finish(user(1));
    await pending;
    const again = sessions('a');
    finish(user(1));
    await again;
    expect(resolve).toHaveBeenCalledTimes(2);
  });
});
