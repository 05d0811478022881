import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoadingScreen } from '../status/LoadingScreen';

/**
 * The Suspense boundary of a routed area, one per address (`keyOf`: by default the path). Navigations run as
 * transitions, and a transition keeps a boundary that already shows content on its old page until the new one
 * has loaded (36 s on a loaded machine); a new boundary shows its spinner at once instead.
 */
export function RouteSuspense({
  children,
  keyOf = (pathname) => pathname,
}: {
  children: ReactNode;
  keyOf?(pathname: string): string;
}) {
  const { pathname } = useLocation();
  return (
    <Suspense key={keyOf(pathname)} fallback={<LoadingScreen />}>
      {children}
    </Suspense>
  );
}
