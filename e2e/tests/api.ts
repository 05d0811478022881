import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type APIResponse,
} from '@playwright/test';
import {
  authApi,
  buildPath,
  endpointUrl,
  isFileResponse,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointResponse,
} from '@mirante/shared';
import { workerPort } from '../worker-server';

type Scalar = string | number | boolean;
type FormValues = Record<string, Scalar>;

/** The query or form fields as Playwright sends them (lists repeated, absent values left out). */
function fields(values: unknown): FormValues {
  const out: FormValues = {};
  if (values === null || typeof values !== 'object') return out;
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    out[key] = Array.isArray(value) ? value.join(',') : (value as Scalar);
  }
  return out;
}

function searchOf(query: unknown): string {
  const search = new URLSearchParams();
  if (query !== null && typeof query === 'object')
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? (value as unknown[]) : [value])
        search.append(key, String(item as Scalar));
    }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** An answer of the API: one a test asked for (`APIResponse`) or one the page received (`Response`). */
interface Answer {
  status(): number;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/**
 * Reads an answer of `endpoint`: its success status checked (else the test fails with the status and body) and
 * its body parsed by the contract's response schema (a body the contract refuses fails the test too).
 */
export async function readAnswer<E extends EndpointDefinition>(
  endpoint: E,
  response: Answer,
): Promise<EndpointResponse<E>> {
  const label = `${endpoint.method} ${endpoint.path}`;
  expect(response.status(), `${label}: ${await response.text()}`).toBe(endpoint.successStatus ?? 200);
  if (isFileResponse(endpoint.response)) throw new Error(`${label} answers a file: use send()`);
  const parsed = endpoint.response.safeParse(await response.json());
  if (!parsed.success) throw new Error(`${label}: answer outside the contract: ${parsed.error.message}`);
  return parsed.data as EndpointResponse<E>;
}

export interface ContractClient {
  /**
   * Calls `endpoint` and returns its answer parsed by the contract's response schema: a status other than the
   * endpoint's success, or a body the contract refuses, fails the test with the endpoint, status and body.
   */
  call<E extends EndpointDefinition>(endpoint: E, input?: EndpointInput<E>): Promise<EndpointResponse<E>>;
  /** Calls `endpoint` and returns the raw answer (for a refusal's status and message, or a file's bytes). */
  send<E extends EndpointDefinition>(endpoint: E, input?: EndpointInput<E>): Promise<APIResponse>;
  /**
   * The answer of a request made by hand (a multipart upload of a file), read as `call` reads one: its success
   * status checked and its body parsed by `endpoint`'s response schema.
   */
  read<E extends EndpointDefinition>(endpoint: E, response: Answer): Promise<EndpointResponse<E>>;
  /** The `Authorization` header of this client's session (empty without one). */
  headers: Record<string, string>;
}

/**
 * The e2e's way to the API: typed by `@mirante/shared`'s contract, as the web app's `callApi` is. `token`: the
 * session's API token (`signedInApi` signs in and makes one).
 */
export function api(request: APIRequestContext, token?: string): ContractClient {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const send = <E extends EndpointDefinition>(endpoint: E, input: EndpointInput<E> = {}) => {
    const params = (input.params ?? {}) as Record<string, string | number>;
    const url = buildPath(endpointUrl(endpoint), params) + searchOf(input.query);
    const body =
      input.body === undefined
        ? {}
        : endpoint.encoding === 'form'
          ? { form: fields(input.body) }
          : endpoint.encoding === 'multipart'
            ? { multipart: input.body as Record<string, string> }
            : { data: input.body };
    return request.fetch(url, { method: endpoint.method, headers, ...body });
  };
  return {
    headers,
    send,
    read: readAnswer,
    call: async (endpoint, input) => readAnswer(endpoint, await send(endpoint, input)),
  };
}

/** Signs `email` in through the API: a client of that fresh session, and its credentials. */
export async function signedInApi(email: string, password: string) {
  const request = await workerRequest();
  const credentials = await api(request).call(authApi.login, { body: { email, password } });
  return { client: api(request, credentials.api_token), credentials };
}

let workerContext: Promise<APIRequestContext> | undefined;

/**
 * One request context for the worker's whole life: a signed-in client made in `beforeAll` keeps working in the
 * tests and in `afterAll`, where the hook's own `request` fixture is already gone.
 */
function workerRequest(): Promise<APIRequestContext> {
  workerContext ??= playwrightRequest.newContext({ baseURL: `http://localhost:${workerPort()}` });
  return workerContext;
}
