import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../features/auth';
import { assertMayChangeFinanceSettings, mayChangeFinanceSettings } from './finance-settings';

const user = (role: AuthUser['role']) => ({ role }) as AuthUser;

describe('finance settings policy', () => {
  it('ADMIN and MANAGER may change them', () => {
    expect(mayChangeFinanceSettings(user('ADMIN'))).toBe(true);
    expect(mayChangeFinanceSettings(user('MANAGER'))).toBe(true);
  });
  it('a USER may not (403)', () => {
    expect(mayChangeFinanceSettings(user('USER'))).toBe(false);
    expect(() => assertMayChangeFinanceSettings(user('USER'))).toThrow(
      'Somente administradores e gerentes alteram as configurações da carteira.',
    );
  });
});
