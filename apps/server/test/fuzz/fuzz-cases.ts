import { buildPath, endpointUrl, type EndpointDefinition } from '@mirante/shared';
import type { InjectOptions } from 'fastify';
import type { z } from 'zod';
import { multipartBody } from '../multipart';
import { firstBranch, inputJsonSchema, objectProperties, type JsonSchema } from './json-schema';
import {
  BAD_ID_TEXTS,
  hostileTexts,
  hostileValues,
  MEGABYTE_TEXT,
  NUL_FILE_NAME,
  plausibleValue,
  seededRandom,
  SURROGATE_LABEL,
  withLoneSurrogates,
} from './fuzz-values';

/** One malformed request. `mustBeRefused`: the contract itself rejects it, so the answer must be 4xx. */
export interface FuzzCase {
  label: string;
  request: InjectOptions;
  mustBeRefused: boolean;
}

type Fields = Record<string, unknown>;

const isRefused = (schema: z.ZodType | undefined, value: unknown) =>
  !!schema && !schema.safeParse(value).success;

function plausibleFields(schema: JsonSchema): Fields {
  const branch = firstBranch(schema);
  return plausibleValue('', { ...branch, type: 'object' }) as Fields;
}

function textFields(fields: Fields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) out[key] = String(value);
  return out;
}

/**
 * Every malformed variant of a call to `endpoint`: each path parameter, query field and body field replaced
 * by wrong types, bad ids, impossible dates, NUL, huge texts and arrays; required fields left out; bodies
 * that are not JSON or not the declared content type. Path parameters not under test hold `2000000001`.
 */
export function fuzzCases(endpoint: EndpointDefinition, seed: number): FuzzCase[] {
  const random = seededRandom(seed);
  const cases: FuzzCase[] = [];
  const paramsSchema = endpoint.params ? inputJsonSchema(endpoint.params) : undefined;
  const querySchema = endpoint.query ? inputJsonSchema(endpoint.query) : undefined;
  const bodySchema = endpoint.body ? inputJsonSchema(endpoint.body) : undefined;
  const paramNames = Object.keys(objectProperties(paramsSchema ?? {}));
  const params: Record<string, string> = Object.fromEntries(paramNames.map((name) => [name, '2000000001']));
  const query = querySchema ? textFields(plausibleFields(querySchema)) : {};
  const body = bodySchema ? plausibleFields(bodySchema) : undefined;
  const url = (values: Record<string, string>) => buildPath(endpointUrl(endpoint), values);
  const method = endpoint.method;
  const base = { method, url: url(params), query };

  for (const name of paramNames) {
    for (const text of BAD_ID_TEXTS) {
      const values = { ...params, [name]: text };
      cases.push({
        label: `parâmetro ${name}=${JSON.stringify(text)}`,
        request: { ...base, url: url(values), ...bodyRequest(endpoint, body) },
        mustBeRefused: isRefused(endpoint.params, values),
      });
    }
  }

  for (const [name, schema] of Object.entries(objectProperties(querySchema ?? {}))) {
    for (const [label, value] of hostileTexts(name, schema, random)) {
      const values = { ...query, [name]: value };
      cases.push({
        label: `query ${name}: ${label}`,
        request: { ...base, query: values, ...bodyRequest(endpoint, body) },
        mustBeRefused: isRefused(endpoint.query, values),
      });
    }
  }

  if (bodySchema && body) cases.push(...bodyCases(endpoint, base, bodySchema, body, random));
  return cases;
}

function bodyRequest(endpoint: EndpointDefinition, body: Fields | undefined): Partial<InjectOptions> {
  if (!body) return {};
  if (endpoint.encoding === 'multipart') return multipartBody(textFields(body), []);
  return { payload: body };
}

function bodyCases(
  endpoint: EndpointDefinition,
  base: InjectOptions,
  bodySchema: JsonSchema,
  body: Fields,
  random: () => number,
): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const multipart = endpoint.encoding === 'multipart';
  const properties = objectProperties(bodySchema);
  const send = (label: string, fields: Fields) => {
    const request = multipart
      ? { ...base, ...multipartBody(textFields(fields), []) }
      : { ...base, payload: fields };
    cases.push({
      label,
      request,
      // A lone surrogate in any JSON text is refused by the server whatever the contract says of the field.
      mustBeRefused:
        (!multipart && label.includes(SURROGATE_LABEL)) ||
        isRefused(endpoint.body, multipart ? textFields(fields) : fields),
    });
  };

  for (const [name, schema] of Object.entries(properties)) {
    const values: [string, unknown][] = multipart
      ? hostileTexts(name, schema, random).filter(([, value]) => typeof value === 'string')
      : hostileValues(name, schema, random);
    for (const [label, value] of values) send(`corpo ${name}: ${label}`, { ...body, [name]: value });
  }
  if (endpoint.encoding === 'form') cases.push(...formCases(endpoint, base, properties, body, random));
  const firstText = Object.entries(properties).find(([, schema]) => schema.type === 'string')?.[0];
  if (firstText) send(`corpo ${firstText}: 1 MB`, { ...body, [firstText]: MEGABYTE_TEXT });
  const surrogates = withLoneSurrogates(body) as Fields;
  if (!multipart && JSON.stringify(surrogates) !== JSON.stringify(body))
    send(`corpo: ${SURROGATE_LABEL} em todos os textos`, surrogates);
  if (multipart)
    // Every field good and a file whose name holds a NUL: refused or ignored, never a 5xx.
    cases.push({
      label: 'arquivo com NUL no nome',
      request: {
        ...base,
        ...multipartBody(textFields(body), [
          { name: 'file', filename: NUL_FILE_NAME, content: Buffer.from('%PDF-1.4\n%%EOF\n') },
        ]),
      },
      mustBeRefused: false,
    });
  send('corpo vazio', {});
  for (const name of firstBranch(bodySchema).required ?? []) {
    const { [name]: _left, ...rest } = body;
    send(`sem o campo ${name}`, rest);
  }

  const raw = (label: string, contentType: string, payload: string) =>
    cases.push({
      label,
      request: { ...base, headers: { 'content-type': contentType }, payload },
      mustBeRefused: true,
    });
  raw('JSON malformado', 'application/json', '{"a":');
  raw('JSON que é uma lista', 'application/json', '[1,2]');
  raw('JSON que é texto', 'application/json', '"texto"');
  raw('tipo de conteúdo errado (text/plain)', 'text/plain', 'a=1');
  raw('tipo de conteúdo desconhecido (xml)', 'application/xml', '<a/>');
  if (multipart) raw('multipart sem boundary', 'multipart/form-data', 'x');
  return cases;
}

/** The same field mutations sent form-encoded, as the web sends these calls: text values and repeated keys. */
function formCases(
  endpoint: EndpointDefinition,
  base: InjectOptions,
  properties: Record<string, JsonSchema>,
  body: Fields,
  random: () => number,
): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const [name, schema] of Object.entries(properties)) {
    for (const [label, value] of hostileTexts(name, schema, random)) {
      const fields: Record<string, string | string[]> = { ...textFields(body), [name]: value };
      const form = new URLSearchParams();
      for (const [key, item] of Object.entries(fields))
        for (const text of [item].flat()) form.append(key, text);
      cases.push({
        label: `formulário ${name}: ${label}`,
        request: {
          ...base,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: form.toString(),
        },
        mustBeRefused: isRefused(endpoint.body, fields),
      });
    }
  }
  return cases;
}
