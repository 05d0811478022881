import { App as AntApp, ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { InstallationFrame } from '../features/installation/components/InstallationFrame';
import { SessionProvider } from '../shared/session/SessionProvider';
import { usePrefersReducedMotion } from '../shared/motion/usePrefersReducedMotion';
import { AppErrorBoundary } from '../shared/status/AppErrorBoundary';
import { AppRoutes } from './AppRoutes';
import { queryClient } from './queryClient';
import { ANTD_ICONS } from './antdIcons';
import { theme, themeFor } from './theme';

/** The business limits: messages 120 px from the top, shown for 1 s by default. */
const MESSAGE_CONFIG = { top: 120, duration: 1 };

export function App() {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={ptBR} theme={theme} {...ANTD_ICONS}>
      <AntApp message={MESSAGE_CONFIG}>
        {/* Under reduced motion everything stops moving but the messages (shown by AntApp, outside this provider):
            their short fade is all that keeps a 1-s message from flashing by. */}
        <ConfigProvider theme={themeFor(reducedMotion)}>
          <AppErrorBoundary>
            <QueryClientProvider client={queryClient}>
              <BrowserRouter>
                <InstallationFrame>
                  <SessionProvider>
                    <AppRoutes />
                  </SessionProvider>
                </InstallationFrame>
              </BrowserRouter>
            </QueryClientProvider>
          </AppErrorBoundary>
        </ConfigProvider>
      </AntApp>
    </ConfigProvider>
  );
}
