import { OutboundRefusedError, type OutboundResponse } from '../../../outbound/outbound-fetch';
import { ErpError, type ConnectorOptions } from './erp-connector';

/** One HTTP request to an ERP. */
export interface ErpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
}

/** What the vendor says about a failed response: its own message, and whether a 429 is the day's quota. */
export interface VendorFailure {
  message: string | null;
  quota?: boolean;
}

export interface ErpHttpOptions extends ConnectorOptions {
  /** The vendor's name, for messages ('Sienge', 'UAU', 'Mega'). */
  vendor: string;
  /** Reads the vendor's error body. */
  readFailure: (status: number, body: unknown) => VendorFailure;
}

export interface ErpResponse {
  status: number;
  body: unknown;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRIES = 3;
const MAX_WAIT_MS = 60_000;

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ErpError('aborted', 'A requisição foi cancelada.'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ErpError('aborted', 'A requisição foi cancelada.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Retry-After in seconds (or an HTTP date), else exponential: 1 s, 2 s, 4 s… */
function waitFor(retryAfter: string | null, attempt: number): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.min(MAX_WAIT_MS, Math.max(0, seconds * 1000));
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.min(MAX_WAIT_MS, Math.max(0, date - Date.now()));
  }
  return Math.min(MAX_WAIT_MS, 1000 * 2 ** attempt);
}

function readBody(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Longest vendor message quoted back to the user. */
const MAX_VENDOR_MESSAGE = 300;

/**
 * The vendor's message for a failed response, read only from a JSON object (the ERPs' error bodies): an HTML page,
 * plain text or anything else a server answered is never quoted back to the user. Control characters dropped,
 * at most MAX_VENDOR_MESSAGE characters.
 */
function vendorMessage(message: string | null): string | null {
  if (message === null) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern drops
  const clean = message.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (clean === '') return null;
  return clean.length > MAX_VENDOR_MESSAGE ? `${clean.slice(0, MAX_VENDOR_MESSAGE)}…` : clean;
}

function failure(options: ErpHttpOptions, status: number, body: unknown): ErpError {
  const vendor = options.readFailure(status, isRecord(body) ? body : null);
  const message = vendorMessage(vendor.message);
  const detail = message ? `: ${message}` : '.';
  if (status === 401 || status === 403)
    return new ErpError(
      'auth',
      `O ${options.vendor} recusou as credenciais informadas (HTTP ${status})${detail}`,
      status,
    );
  if (status === 404)
    return new ErpError('not_found', `O ${options.vendor} não encontrou o recurso pedido${detail}`, status);
  return new ErpError('server', `O ${options.vendor} respondeu com erro (HTTP ${status})${detail}`, status);
}

/**
 * The HTTP plumbing the three clients share: a time-out per request (AbortSignal.timeout joined with the
 * caller's signal), 429 back-off (Retry-After or exponential, `maxRetries` times; a spent daily quota fails at
 * once), JSON bodies, and every failure as an ErpError with a pt-BR message.
 */
export function createErpHttp(options: ErpHttpOptions) {
  const sleep = options.sleep ?? defaultSleep;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_RETRIES;

  async function once(request: ErpRequest): Promise<{ response: OutboundResponse; body: unknown }> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    try {
      const response = await options.outbound(request.url, {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...request.headers,
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal,
      });
      return { response, body: readBody(response.text) };
    } catch (error) {
      if (error instanceof OutboundRefusedError)
        throw new ErpError('refused', `O endereço do ${options.vendor} não é permitido: ${error.message}`);
      if (request.signal?.aborted) throw new ErpError('aborted', 'A requisição foi cancelada.');
      if (timeout.aborted)
        throw new ErpError(
          'timeout',
          `O ${options.vendor} não respondeu em ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} segundos`}.`,
        );
      throw new ErpError(
        'network',
        `Não foi possível conectar ao ${options.vendor} (${error instanceof Error ? error.message : String(error)}). Verifique a URL informada.`,
      );
    }
  }

  return {
    /** Sends the request; 2xx bodies are returned, 429s retried, everything else thrown as ErpError. */
    async send(request: ErpRequest): Promise<ErpResponse> {
      for (let attempt = 0; ; attempt += 1) {
        const { response, body } = await once(request);
        if (response.ok) return { status: response.status, body };
        if (response.status !== 429) throw failure(options, response.status, body);
        const vendor = options.readFailure(429, body);
        if (vendor.quota)
          throw new ErpError(
            'quota',
            `A cota diária de requisições do ${options.vendor} foi esgotada; a sincronização continua amanhã.`,
            429,
          );
        if (attempt >= maxRetries)
          throw new ErpError(
            'rate_limit',
            `O ${options.vendor} limitou o número de requisições (HTTP 429) e continuou recusando após ${maxRetries} novas tentativas.`,
            429,
          );
        await sleep(waitFor(response.header('retry-after'), attempt), request.signal);
      }
    },
  };
}

export type ErpHttp = ReturnType<typeof createErpHttp>;

/** A response that is not what the vendor documents. */
export function malformed(vendor: string, what: string): ErpError {
  return new ErpError('malformed', `Resposta inesperada do ${vendor} (${what}).`);
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A code field as a string (numbers too); null when absent. */
export function codeOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/** YYYY-MM-DD from ISO datetimes ('2024-03-05T00:00:00') or Brazilian dates ('05/03/2024'). */
export function dateOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const br = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(value);
  if (br) return `${br[3]}-${br[2]}-${br[1]}`;
  return null;
}

/** Today in Brazil (YYYY-MM-DD). */
export function todayInBrazil(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

/** Block and lot from a unit label such as 'Q07-L12', 'QD 3 LT 15', 'Quadra 3 Lote 15'. */
export function blockLotOf(label: string): { block: string | null; lot: string | null } {
  const match = /q(?:uadra|d)?\s*[-.:]?\s*(\w+)\W+l(?:ote|t)?\s*[-.:]?\s*(\w+)/i.exec(label);
  return match ? { block: match[1] ?? null, lot: match[2] ?? null } : { block: null, lot: null };
}

/** Sum with cents. */
export const money = (value: number) => Math.round(value * 100) / 100;
