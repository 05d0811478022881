import { describe, expect, it } from 'vitest';
import { ERPS } from '@mirante/shared';
import type { z } from 'zod';
import { CREDENTIAL_FIELDS, CREDENTIAL_SCHEMAS } from './credentialFields';

describe('CREDENTIAL_FIELDS', () => {
  it.each(ERPS)("%s: the form has exactly the contract's credential fields", (erp) => {
    const schema = CREDENTIAL_SCHEMAS[erp] as z.ZodObject;
    expect(CREDENTIAL_FIELDS[erp].map((field) => field.name).sort()).toEqual(
      Object.keys(schema.shape).sort(),
    );
  });

  it.each(ERPS)('%s: every secret says what to type when none is saved', (erp) => {
    for (const field of CREDENTIAL_FIELDS[erp].filter((item) => item.kind === 'secret'))
      expect(field.requiredMessage).toMatch(/^Informe /);
  });
});
