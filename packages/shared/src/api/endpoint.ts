import type { z } from 'zod';
import type { ModuleCode } from '../domain/modules';
import type { Role } from '../domain/roles';

/** How a request body travels: JSON, form-encoded (as the spec asks for several calls) or multipart. */
export type BodyEncoding = 'json' | 'form' | 'multipart';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint. `public` needs no session; otherwise a valid, active session is required,
 * optionally restricted to roles and to a module of the user's group. The session travels in the
 * `Authorization` header; `allowQueryToken` also accepts `?api_token=` — only for what a browser fetches
 * without headers (downloads, exports, images, tiles) and for `GET /user` restoring a session.
 */
export type EndpointAccess =
  | { kind: 'public' }
  /** A personal GIS key (`?key=` or basic auth with the key as password); the GIS routes only. */
  | { kind: 'gisKey' }
  | {
      kind: 'session';
      roles?: readonly Role[];
      module?: ModuleCode | ModuleFamily;
      allowQueryToken?: boolean;
    };

/** The access of the binary downloads (scene files, tiles, exports, photos): every session, also by link. */
export const DOWNLOAD_ACCESS = { kind: 'session', allowQueryToken: true } as const satisfies EndpointAccess;

/** A module suffix resolved against the project type of the call (e.g. `security` → `allotment.security`). */
export type ModuleFamily = { family: 'map' | 'security' | 'analysis' };

/**
 * A binary answer (a download, an image, a tile): sent as bytes or a stream with one of these content types,
 * documented in OpenAPI as such; never read with `callApi` (links, `<img>` and the map fetch them).
 */
export interface FileResponse {
  file: readonly [string, ...string[]];
}

export const fileResponse = (...contentTypes: [string, ...string[]]): FileResponse => ({
  file: contentTypes,
});

export const isFileResponse = (response: z.ZodType | FileResponse): response is FileResponse =>
  'file' in response && Array.isArray(response.file);

export interface EndpointDefinition {
  method: HttpMethod;
  /** Path under `/api/v1` (or the site root with `mount: 'root'`), Fastify style (`/project/:id/scenes`). */
  path: string;
  /** `root` for the tile server's `/tiles/…` paths, outside `/api/v1`. */
  mount?: 'api' | 'root';
  summary: string;
  tags: readonly string[];
  access: EndpointAccess;
  encoding?: BodyEncoding;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType | FileResponse;
  /** Status of a successful answer: 201 for an endpoint that creates something shown only once. Default 200. */
  successStatus?: 200 | 201;
  /** Extra documented statuses, besides 200 and the common error shape. */
  errorStatuses?: readonly number[];
}

export function defineEndpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

type InferOr<T, Fallback> = T extends z.ZodType ? z.infer<T> : Fallback;
type InputOr<T, Fallback> = T extends z.ZodType ? z.input<T> : Fallback;

export type EndpointParams<E extends EndpointDefinition> = InferOr<E['params'], undefined>;
export type EndpointQuery<E extends EndpointDefinition> = InferOr<E['query'], undefined>;
export type EndpointBody<E extends EndpointDefinition> = InferOr<E['body'], undefined>;
export type EndpointResponse<E extends EndpointDefinition> = E['response'] extends z.ZodType
  ? z.infer<E['response']>
  : never;

/** What a client passes to call an endpoint (inputs before zod defaults/coercion). */
export type EndpointInput<E extends EndpointDefinition> = {
  params?: InputOr<E['params'], never>;
  query?: InputOr<E['query'], never>;
  body?: InputOr<E['body'], never>;
};

export const API_BASE_PATH = '/api/v1';

/** The endpoint's full URL pattern (`/api/v1/project/:id/scenes`, `/tiles/:space/:date/preview.png`). */
export const endpointUrl = (endpoint: Pick<EndpointDefinition, 'path' | 'mount'>): string =>
  `${endpoint.mount === 'root' ? '' : API_BASE_PATH}${endpoint.path}`;

/** Fills `:name` segments of a path with the given values. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Parâmetro de rota ausente: ${name}`);
    return encodeURIComponent(String(value));
  });
}
