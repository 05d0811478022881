import { describe, expect, it } from 'vitest';
import { integrationCustomerOf } from './integration';

describe('integrationCustomerOf', () => {
  it('gives an ADMIN the customer he asks for, else his own', () => {
    expect(integrationCustomerOf({ role: 'ADMIN', customerId: 1 }, 7)).toBe(7);
    expect(integrationCustomerOf({ role: 'ADMIN', customerId: 1 }, undefined)).toBe(1);
  });

  it('keeps a MANAGER or USER on his own customer and hides any other', () => {
    expect(integrationCustomerOf({ role: 'MANAGER', customerId: 3 }, undefined)).toBe(3);
    expect(integrationCustomerOf({ role: 'USER', customerId: 3 }, 3)).toBe(3);
    expect(integrationCustomerOf({ role: 'USER', customerId: 3 }, 4)).toBe('hidden');
  });
});
