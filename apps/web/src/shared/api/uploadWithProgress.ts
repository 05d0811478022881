import {
  API_BASE_PATH,
  MESSAGES,
  buildPath,
  isErrorCode,
  type EndpointDefinition,
  type EndpointResponse,
} from '@mirante/shared';
import { readStoredCredentials } from '../session/credentialsStorage';
import { ApiError, type ApiErrorCode } from './ApiError';
import { reportSessionFailure } from './sessionFailure';

export interface UploadOptions {
  params?: Record<string, string | number>;
  /** 0–1 as the request body leaves the browser. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  let code: ApiErrorCode = 'HTTP_ERROR';
  let message = xhr.statusText || MESSAGES.defaultRequestError;
  try {
    const data = JSON.parse(xhr.responseText) as { code?: unknown; message?: unknown };
    if (isErrorCode(data.code)) code = data.code;
    if (typeof data.message === 'string' && data.message) message = data.message;
  } catch {
    // Not JSON: keep the status text.
  }
  return new ApiError(xhr.status, code, message);
}

/**
 * A multipart call with upload progress (fetch has none): XMLHttpRequest, same session header and the same
 * error shape and session-failure reports as callApi.
 */
export function uploadWithProgress<E extends EndpointDefinition>(
  endpoint: E,
  form: FormData,
  options: UploadOptions = {},
): Promise<EndpointResponse<E>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, `${API_BASE_PATH}${buildPath(endpoint.path, options.params)}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readStoredCredentials()?.api_token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        try {
          resolve(JSON.parse(xhr.responseText) as EndpointResponse<E>);
        } catch {
          reject(new ApiError(xhr.status, 'INVALID_RESPONSE', MESSAGES.defaultRequestError));
        }
        return;
      }
      const error = errorOf(xhr);
      if (error.status === 401) reportSessionFailure('expired');
      else if (error.status === 403 && error.message === MESSAGES.inactiveUser)
        reportSessionFailure('inactive');
      reject(error);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', MESSAGES.defaultRequestError));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'Envio cancelado.'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
