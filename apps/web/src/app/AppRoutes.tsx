import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { RequireSession } from '../shared/routing/RequireSession';
import { LoadingScreen } from '../shared/status/LoadingScreen';
import { NotFoundScreen } from '../shared/status/NotFoundScreen';
import { ProjectHomeRedirect } from '../features/shell/components/ProjectHomeRedirect';
import { RouteGuard } from '../features/shell/components/RouteGuard';
import { ROUTE_RULES } from '../features/shell/routeRules';
import { PAGE_ELEMENTS, PAGE_PATHS } from './pageRoutes';

const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const PasswordDefinitionPage = lazy(() => import('../features/auth/pages/PasswordDefinitionPage'));
const ShellLayout = lazy(() => import('../features/shell/pages/ShellLayout'));

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path="/" element={<LoginPage />} />
        <Route path="/auth/pass" element={<PasswordDefinitionPage />} />
        <Route
          path="/page"
          element={
            <RequireSession>
              <ShellLayout />
            </RequireSession>
          }
        >
          <Route index element={<ProjectHomeRedirect />} />
          {PAGE_PATHS.map((path) => (
            <Route
              key={path}
              path={path}
              element={<RouteGuard rule={ROUTE_RULES[path]}>{PAGE_ELEMENTS[path]}</RouteGuard>}
            />
          ))}
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
        <Route path="*" element={<NotFoundScreen />} />
      </Routes>
    </Suspense>
  );
}
