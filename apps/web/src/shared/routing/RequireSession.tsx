import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../session/SessionContext';
import { LoadingScreen } from '../status/LoadingScreen';

/** Pages under /page need a session; without one the landing page opens and returns here after login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { credentials, signingInByToken } = useSession();
  const location = useLocation();
  if (signingInByToken) return <LoadingScreen label="Entrando…" />;
  if (!credentials) {
    return <Navigate to="/" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <>{children}</>;
}
