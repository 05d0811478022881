import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { isAdmin } from '@mirante/shared';
import { useCredentials } from '../../../shared/session/SessionContext';
import { AppErrorBoundary } from '../../../shared/status/AppErrorBoundary';
import { RouteSuspense } from '../../../shared/routing/RouteSuspense';
import { useLogout } from '../../auth/api';
import { ProjectProvider } from '../../projects/components/ProjectProvider';
import { TopBar } from '../components/TopBar';

// Loaded only when an ADMIN has no project at all (a new installation).
const CreateProjectForm = lazy(() =>
  import('../../admin/projects/CreateProjectForm').then((module) => ({ default: module.CreateProjectForm })),
);

export default function ShellLayout() {
  const location = useLocation();
  const credentials = useCredentials();
  const logout = useLogout();
  const signOut = (
    <Button onClick={() => logout.mutate()} loading={logout.isPending}>
      Sair
    </Button>
  );
  const firstProject = isAdmin(credentials) ? (
    <Suspense fallback={null}>
      <CreateProjectForm />
    </Suspense>
  ) : undefined;
  return (
    <ProjectProvider noProject={{ firstProject, signOut }}>
      <div className="shell">
        <TopBar />
        <main className="shell__content">
          <AppErrorBoundary resetKey={location.pathname}>
            <RouteSuspense>
              <Outlet />
            </RouteSuspense>
          </AppErrorBoundary>
        </main>
      </div>
    </ProjectProvider>
  );
}
