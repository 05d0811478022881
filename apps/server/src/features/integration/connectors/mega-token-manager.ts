import { ErpError } from './erp-connector';
import { isRecord, malformed, type ErpHttp } from './erp-http';

interface Tokens {
  accessToken: string;
  refreshToken: string;
  accessExpires: number;
  refreshExpires: number;
}

/** Renew this long before the token's expiry (Mega tokens last 2 h, refresh tokens 4 h). */
const MARGIN_MS = 2 * 60 * 1000;
const ACCESS_TTL_MS = 2 * 60 * 60 * 1000;
const REFRESH_TTL_MS = 4 * 60 * 60 * 1000;

/** ISO with 5–7 fractional digits ('2026-11-25T10:00:00.1234567') → epoch ms; null when unreadable. */
export function megaExpiry(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const normalised = value.replace(/(\.\d{3})\d+/, '$1');
  const time = Date.parse(normalised);
  return Number.isFinite(time) ? time : null;
}

export interface MegaAuth {
  http: ErpHttp;
  authUrl: string;
  username: string;
  password: string;
  tenantId: string | null;
  now?: () => number;
}

function readTokens(body: unknown, now: number): Tokens {
  if (!isRecord(body) || typeof body.accessToken !== 'string' || typeof body.refreshToken !== 'string')
    throw malformed('Mega', 'SignIn sem accessToken/refreshToken');
  return {
    accessToken: body.accessToken,
    refreshToken: body.refreshToken,
    accessExpires: megaExpiry(body.expirationToken) ?? now + ACCESS_TTL_MS,
    refreshExpires: megaExpiry(body.expirationRefreshToken) ?? now + REFRESH_TTL_MS,
  };
}

/**
 * One customer's Mega session. "A user can have only one valid refresh token at a time; generating a new one
 * discards the previous": so every connector of a customer shares this manager (see `megaTokenManager`), and
 * sign-ins/refreshes are serialised through one pending promise. Order: a valid access token; else the refresh
 * token (POST /api/Auth/RefreshToken?refreshToken=); else SignIn. A 401 on an API call drops the access token.
 */
export class MegaTokenManager {
  private tokens: Tokens | null = null;
  private pending: Promise<Tokens> | null = null;

  constructor(private auth: MegaAuth) {}

  /** Credentials changed (the wizard saved new ones): the next call signs in with them. */
  update(auth: MegaAuth): void {
    const changed =
      auth.authUrl !== this.auth.authUrl ||
      auth.username !== this.auth.username ||
      auth.password !== this.auth.password ||
      auth.tenantId !== this.auth.tenantId;
    this.auth = auth;
    if (changed) this.tokens = null;
  }

  private now(): number {
    return (this.auth.now ?? Date.now)();
  }

  private headers(): Record<string, string> {
    return { grantType: 'Api', ...(this.auth.tenantId ? { tenantId: this.auth.tenantId } : {}) };
  }

  private async signIn(signal?: AbortSignal): Promise<Tokens> {
    const { body } = await this.auth.http.send({
      method: 'POST',
      url: `${this.auth.authUrl}/api/Auth/SignIn`,
      headers: this.headers(),
      body: { userName: this.auth.username, password: this.auth.password },
      signal,
    });
    return readTokens(body, this.now());
  }

  private async refresh(tokens: Tokens, signal?: AbortSignal): Promise<Tokens> {
    try {
      const url = new URL(`${this.auth.authUrl}/api/Auth/RefreshToken`);
      url.searchParams.set('refreshToken', tokens.refreshToken);
      const { body } = await this.auth.http.send({
        method: 'POST',
        url: url.href,
        headers: this.headers(),
        signal,
      });
      return readTokens(body, this.now());
    } catch (error) {
      // Refresh token discarded (another sign-in elsewhere) or expired: sign in again.
      if (error instanceof ErpError && error.reason === 'auth') return this.signIn(signal);
      throw error;
    }
  }

  /** A valid access token. */
  async accessToken(signal?: AbortSignal): Promise<string> {
    const now = this.now();
    if (this.tokens && this.tokens.accessExpires - MARGIN_MS > now) return this.tokens.accessToken;
    if (!this.pending) {
      const current = this.tokens;
      this.pending = (
        current && current.refreshExpires - MARGIN_MS > now
          ? this.refresh(current, signal)
          : this.signIn(signal)
      ).finally(() => {
        this.pending = null;
      });
      this.tokens = await this.pending;
      return this.tokens.accessToken;
    }
    return (await this.pending).accessToken;
  }

  /** The API refused the access token: the next call refreshes. */
  rejected(accessToken: string): void {
    if (this.tokens?.accessToken === accessToken) this.tokens = { ...this.tokens, accessExpires: 0 };
  }
}

const managers = new Map<string, MegaTokenManager>();

/** The customer's token manager (one per customer and process), updated with the current credentials. */
export function megaTokenManager(customerId: number, auth: MegaAuth): MegaTokenManager {
  const key = String(customerId);
  const existing = managers.get(key);
  if (existing) {
    existing.update(auth);
    return existing;
  }
  const manager = new MegaTokenManager(auth);
  managers.set(key, manager);
  return manager;
}
