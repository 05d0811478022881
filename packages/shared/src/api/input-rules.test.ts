import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../index';
import type { EndpointDefinition } from './endpoint';
import { calendarDate, id, idList, isCalendarDate, MAX_INT32, text } from './input-rules';

interface Node {
  type?: string | string[];
  properties?: Record<string, Node>;
  additionalProperties?: Node | boolean;
  items?: Node | Node[];
  prefixItems?: Node[];
  anyOf?: Node[];
  oneOf?: Node[];
  allOf?: Node[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  maxLength?: number;
  maxItems?: number;
  maximum?: number;
}

function endpoints(): [string, EndpointDefinition][] {
  const found: [string, EndpointDefinition][] = [];
  for (const group of Object.values(contract)) {
    if (typeof group !== 'object' || group === null) continue;
    for (const value of Object.values(group)) {
      if (typeof value !== 'object' || value === null) continue;
      const endpoint = value as Partial<EndpointDefinition>;
      if (typeof endpoint.method === 'string' && typeof endpoint.path === 'string' && endpoint.response) {
        found.push([`${endpoint.method} ${endpoint.path}`, endpoint as EndpointDefinition]);
      }
    }
  }
  return found;
}

/** Paths (e.g. `body.name`) of input fields without a bound: text without maximum or NUL rule, etc. */
function unbounded(node: Node, path: string): string[] {
  const problems: string[] = [];
  const types = node.type ? [node.type].flat() : [];
  const children = [
    ...Object.entries(node.properties ?? {}).map(([key, child]): [string, Node] => [`${path}.${key}`, child]),
    ...[...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])].map((c): [string, Node] => [
      path,
      c,
    ]),
    ...[node.items ?? []].flat().map((c): [string, Node] => [`${path}[]`, c]),
  ];
  const fixed = node.enum !== undefined || node.const !== undefined;
  if (types.includes('string') && !fixed) {
    if (node.maxLength === undefined) problems.push(`${path}: texto sem tamanho máximo`);
    const hasPattern = !!node.pattern || !!node.allOf?.some((part) => part.pattern);
    if (!hasPattern && node.format !== 'email') problems.push(`${path}: texto sem regra contra NUL`);
  }
  if (types.includes('integer') && (node.maximum === undefined || node.maximum > MAX_INT32)) {
    problems.push(`${path}: inteiro acima de int32`);
  }
  if (types.includes('number') && node.maximum === undefined) problems.push(`${path}: número sem máximo`);
  if (types.includes('array') && node.maxItems === undefined)
    problems.push(`${path}: lista sem tamanho máximo`);
  for (const [childPath, child] of children) problems.push(...unbounded(child, childPath));
  return problems;
}

describe('contract input rules', () => {
  it('finds the endpoints of every API group', () => {
    expect(endpoints().length).toBeGreaterThan(40);
  });

  it('bounds every text, number and list that any endpoint accepts', () => {
    const problems: string[] = [];
    for (const [name, endpoint] of endpoints()) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = endpoint[part];
        if (!schema) continue;
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node;
        problems.push(...unbounded(json, `${name} ${part}`));
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('id', () => {
  it('accepts positive int32 values, as numbers or digits', () => {
    expect(id().parse('2147483647')).toBe(MAX_INT32);
    expect(id().parse(7)).toBe(7);
  });

  it.each(['2147483648', '0', '-1', '1.5', '1e3', 'abc', '', true, null, 2 ** 40])('refuses %s', (value) =>
    expect(id().safeParse(value).success).toBe(false),
  );
});

describe('calendarDate', () => {
  it.each(['2024-02-29', '2025-12-31', '1999-01-01'])('accepts %s', (value) => {
    expect(calendarDate().safeParse(value).success).toBe(true);
  });

  it.each(['2025-02-29', '2025-02-30', '01062025', '2025-13-01', '2025-00-10', '0000-01-01', '2025-1-1'])(
    'refuses %s',
    (value) => {
      expect(calendarDate().safeParse(value).success).toBe(false);
      expect(isCalendarDate(value)).toBe(false);
    },
  );
});

describe('text and idList', () => {
  it('refuses a NUL byte and a text over the maximum, with a pt-BR message', () => {
    const nul = text().safeParse('a\u0000b');
    expect(nul.error?.issues[0]?.message).toBe('O texto não pode conter o caractere NUL.');
    expect(text(5).safeParse('123456').error?.issues[0]?.message).toBe(
      'O texto deve ter no máximo 5 caracteres.',
    );
  });

  it('refuses a list of 100,000 ids', () => {
    const ids = Array.from({ length: 100_000 }, (_unused, index) => index + 1);
    expect(idList().safeParse(ids).error?.issues[0]?.message).toBe('A lista deve ter no máximo 10000 itens.');
  });
});
