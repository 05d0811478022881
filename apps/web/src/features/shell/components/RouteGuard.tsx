import type { ReactNode } from 'react';
import { ModuleNotAvailableScreen } from '../../../shared/status/ModuleNotAvailableScreen';
import { NotAllowedScreen } from '../../../shared/status/NotAllowedScreen';
import { checkAccess, type RouteRule } from '../access';
import { useAccessContext } from '../useAccessContext';

export function RouteGuard({ rule, children }: { rule: RouteRule; children: ReactNode }) {
  const access = checkAccess(rule, useAccessContext());
  if (access === 'module-missing') return <ModuleNotAvailableScreen />;
  if (access === 'not-allowed') return <NotAllowedScreen />;
  return <>{children}</>;
}
