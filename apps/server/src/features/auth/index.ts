/** The auth feature's public entry: what other features may use. */
export type { AuthUser } from './auth-user';
export type { AuthService } from './auth.service';
