import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppErrorBoundary } from '../../../shared/status/AppErrorBoundary';
import { LoadingScreen } from '../../../shared/status/LoadingScreen';
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
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          </AppErrorBoundary>
        </main>
      </div>
    </ProjectProvider>
  );
}
