import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RequireSession } from '../shared/routing/RequireSession';
import { Titled } from '../shared/routing/Titled';
import { RouteSuspense } from '../shared/routing/RouteSuspense';
import { NotFoundScreen } from '../shared/status/NotFoundScreen';
import { ProjectHomeRedirect } from '../features/shell/components/ProjectHomeRedirect';
import { RouteGuard } from '../features/shell/components/RouteGuard';
import {
  LOGIN_TITLE,
  NOT_FOUND_TITLE,
  PAGE_TITLES,
  PASSWORD_TITLE,
  REPORT_UNSUBSCRIBE_TITLE,
  UNSUBSCRIBE_TITLE,
} from '../features/shell/pageTitles';
import { ROUTE_RULES } from '../features/shell/routeRules';
import { PAGE_ELEMENTS, PAGE_PATHS } from './pageRoutes';
import { preloadSignedInPages } from './preloadSignedInPages';

const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const PasswordDefinitionPage = lazy(() => import('../features/auth/pages/PasswordDefinitionPage'));
const UnsubscribePage = lazy(() => import('../features/alerts/pages/UnsubscribePage'));
const ShellLayout = lazy(() => import('../features/shell/pages/ShellLayout'));
const SharedViewPage = lazy(() => import('../features/share-links/pages/SharedViewPage'));

const notFound = (
  <Titled title={NOT_FOUND_TITLE}>
    <NotFoundScreen />
  </Titled>
);

export function AppRoutes() {
  return (
    // One boundary for the whole signed-in shell (its pages have their own), one per other address.
    <RouteSuspense keyOf={(pathname) => (pathname.startsWith('/page') ? '/page' : pathname)}>
      <Routes>
        <Route
          path="/"
          element={
            <Titled title={LOGIN_TITLE}>
              <LoginPage onSubmitted={preloadSignedInPages} />
            </Titled>
          }
        />
        <Route
          path="/auth/pass"
          element={
            <Titled title={PASSWORD_TITLE}>
              <PasswordDefinitionPage />
            </Titled>
          }
        />
        {/* A read-only share link: opens without sign-in. */}
        <Route path="/compartilhado/:token" element={<SharedViewPage />} />
        <Route
          path="/auth/alerts-unsubscribe"
          element={
            <Titled title={UNSUBSCRIBE_TITLE}>
              <UnsubscribePage />
            </Titled>
          }
        />
        <Route
          path="/auth/reports-unsubscribe"
          element={
            <Titled title={REPORT_UNSUBSCRIBE_TITLE}>
              <UnsubscribePage kind="report" />
            </Titled>
          }
        />
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
              element={
                <Titled title={PAGE_TITLES[path]}>
                  <RouteGuard rule={ROUTE_RULES[path]}>{PAGE_ELEMENTS[path]}</RouteGuard>
                </Titled>
              }
            />
          ))}
          <Route path="*" element={notFound} />
        </Route>
        <Route path="*" element={notFound} />
      </Routes>
    </RouteSuspense>
  );
}
