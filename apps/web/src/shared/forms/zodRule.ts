import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd Form rule that validates one field with a whole-form zod schema from the contract, so the
 * spec's messages (including cross-field ones like 'As senhas não são iguais') come from one place.
 */
export function zodRule(schema: z.ZodType, field: string): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      // getFieldsValue() lists every registered field, also the untouched ones (undefined → '').
      const values = { ...(getFieldsValue() as Record<string, unknown>) };
      for (const key of Object.keys(values)) values[key] ??= '';
      const result = schema.safeParse(values);
      if (result.success) return;
      const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}
