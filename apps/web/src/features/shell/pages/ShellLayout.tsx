import { Outlet, useLocation } from 'react-router';
import { AppErrorBoundary } from '../../../shared/status/AppErrorBoundary';
import { RouteSuspense } from '../../../shared/routing/RouteSuspense';
import { ProjectProvider } from '../../projects/components/ProjectProvider';
import { TopBar } from '../components/TopBar';

export default function ShellLayout() {
  const location = useLocation();
  return (
    <ProjectProvider>
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
