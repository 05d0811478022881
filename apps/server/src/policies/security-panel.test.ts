import type { ModuleCode, Role } from '@mirante/shared';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../features/auth';
import {
  assertHoldsModules,
  assertSecurityAccess,
  customerScopeOf,
  targetCustomerOf,
} from './security-panel';

const caller = (role: Role, modules: ModuleCode[] = []): AuthUser => ({
  id: 1,
  name: 'Pessoa',
  email: 'pessoa@teste',
  role,
  customerId: 3,
  groupId: null,
  active: true,
  modules,
  sessionId: 's',
  fromToken: false,
});
const codeOf = (run: () => unknown) => {
  try {
    run();
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('security-panel policy', () => {
  it('opens the panel to an ADMIN and to holders of any security module', () => {
    expect(codeOf(() => assertSecurityAccess(caller('ADMIN')))).toBe('ok');
    expect(codeOf(() => assertSecurityAccess(caller('USER', ['construction.security'])))).toBe('ok');
    expect(codeOf(() => assertSecurityAccess(caller('MANAGER', ['allotment.map'])))).toBe(
      'MODULE_NOT_AVAILABLE',
    );
  });

  it('scopes an ADMIN to every customer and anyone else to his own', () => {
    expect(customerScopeOf(caller('ADMIN'))).toBeNull();
    expect(customerScopeOf(caller('MANAGER'))).toBe(3);
  });

  it("refuses a MANAGER another customer (403), forces a USER's to his own, lets an ADMIN choose", () => {
    expect(codeOf(() => targetCustomerOf(caller('MANAGER'), 4))).toBe('OTHER_CUSTOMER');
    expect(targetCustomerOf(caller('MANAGER'), 3)).toBe(3);
    expect(targetCustomerOf(caller('USER'), 4)).toBe(3);
    expect(targetCustomerOf(caller('ADMIN'), 4)).toBe(4);
  });

  it('lets nobody but an ADMIN grant a module he does not hold', () => {
    expect(
      codeOf(() => assertHoldsModules(caller('MANAGER', ['allotment.map']), ['allotment.finance'])),
    ).toBe('MODULE_NOT_HELD');
    expect(codeOf(() => assertHoldsModules(caller('MANAGER', ['allotment.map']), ['allotment.map']))).toBe(
      'ok',
    );
    expect(codeOf(() => assertHoldsModules(caller('ADMIN'), ['allotment.finance']))).toBe('ok');
  });
});
