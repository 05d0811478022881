import {
  API_BASE_PATH,
  MESSAGES,
  buildPath,
  isErrorCode,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointResponse,
  type ImportProblem,
} from '@mirante/shared';
import { readStoredCredentials } from '../session/credentialsStorage';
import { ApiError, type ApiErrorCode } from './ApiError';
import { reportSessionFailure } from './sessionFailure';

type Scalar = string | number | boolean;

function toSearchParams(values: unknown): URLSearchParams {
  const search = new URLSearchParams();
  if (values === null || typeof values !== 'object') return search;
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const items: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of items) search.append(key, String(item as Scalar));
  }
  return search;
}

function encodeBody(endpoint: EndpointDefinition, body: unknown): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (endpoint.encoding === 'form') {
    return { body: toSearchParams(body), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
  }
  if (endpoint.encoding === 'multipart') {
    if (body instanceof FormData) return { body };
    const form = new FormData();
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (value instanceof Blob) form.append(key, value);
      else if (value !== undefined && value !== null) form.append(key, String(value as Scalar));
    }
    return { body: form };
  }
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

async function readError(response: Response): Promise<ApiError> {
  let code: ApiErrorCode = 'HTTP_ERROR';
  let message = response.statusText || MESSAGES.defaultRequestError;
  let problems: ImportProblem[] = [];
  try {
    const data = (await response.json()) as { code?: unknown; message?: unknown; problems?: unknown };
    if (isErrorCode(data.code)) code = data.code;
    if (typeof data.message === 'string' && data.message) message = data.message;
    if (Array.isArray(data.problems)) problems = data.problems as ImportProblem[];
  } catch {
    // Not JSON: keep the status text.
  }
  return new ApiError(response.status, code, message, problems);
}

/** The one way the web app talks to the API: typed by the shared contract, authenticated by the stored session. */
export async function callApi<E extends EndpointDefinition>(
  endpoint: E,
  input: EndpointInput<E> = {},
): Promise<EndpointResponse<E>> {
  const path = buildPath(endpoint.path, (input.params ?? {}) as Record<string, string | number>);
  const search = toSearchParams(input.query).toString();
  const { body, contentType } = encodeBody(endpoint, input.body);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (contentType) headers['Content-Type'] = contentType;
  const token = readStoredCredentials()?.api_token;
  if (token && endpoint.access.kind !== 'public') headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}${path}${search ? `?${search}` : ''}`, {
      method: endpoint.method,
      headers,
      body,
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', MESSAGES.defaultRequestError);
  }

  if (!response.ok) {
    const error = await readError(response);
    if (endpoint.access.kind !== 'public') {
      if (error.status === 401) reportSessionFailure('expired');
      else if (error.status === 403 && error.message === MESSAGES.inactiveUser)
        reportSessionFailure('inactive');
    }
    throw error;
  }
  return (await response.json()) as EndpointResponse<E>;
}
