import type { AccessTokenSummary } from '@mirante/shared';

export type AccessLinkStatus = 'Ativo' | 'Expirado' | 'Revogado';

/** 'Revogado' wins over 'Expirado': an ADMIN's revocation is the fact worth showing. */
export function accessLinkStatus(
  link: Pick<AccessTokenSummary, 'expires_at' | 'revoked_at'>,
  now: Date = new Date(),
): AccessLinkStatus {
  if (link.revoked_at !== null) return 'Revogado';
  return Date.parse(link.expires_at) <= now.getTime() ? 'Expirado' : 'Ativo';
}
