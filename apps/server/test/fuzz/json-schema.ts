import { z } from 'zod';

/** The part of JSON Schema the fuzzer reads (what `z.toJSONSchema` writes for the contract's inputs). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  maxLength?: number;
  maxItems?: number;
  maximum?: number;
  default?: unknown;
}

/** The input side of a zod schema as JSON Schema (preprocess and transforms read as their inner schema). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The object properties of a schema, merging the branches of unions and intersections. */
export function objectProperties(schema: JsonSchema): Record<string, JsonSchema> {
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const merged: Record<string, JsonSchema> = {};
  for (const branch of branches) Object.assign(merged, objectProperties(branch));
  return { ...merged, ...(schema.properties ?? {}) };
}

/** The schema a union stands for in practice: its first branch (e.g. e-mail + password for sign-in). */
export function firstBranch(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.[0]) return firstBranch(branches[0]);
  if (schema.allOf)
    return { type: 'object', properties: objectProperties(schema), required: requiredOf(schema) };
  return schema;
}

function requiredOf(schema: JsonSchema): string[] {
  return [...(schema.required ?? []), ...(schema.allOf ?? []).flatMap(requiredOf)];
}

export function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  const branches = schema.anyOf ?? schema.oneOf ?? [];
  return branches.flatMap(typesOf);
}
