import { App as AntApp, ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Credentials, Project } from '@mirante/shared';
import { ANTD_ICONS } from '../app/antdIcons';
import { themeFor } from '../app/theme';
import { ProjectContext, type ProjectContextValue } from '../features/projects/ProjectContext';
import { storeCredentials } from '../shared/session/credentialsStorage';
import { SessionContext, type SessionContextValue } from '../shared/session/SessionContext';
import { testCredentials, testProject } from './fixtures';

export interface RenderOptions {
  /** The signed-in user (a MANAGER with every module by default). */
  credentials?: Partial<Credentials>;
  /** The selected project (the fixtures' allotment by default). */
  project?: Partial<Project>;
  /** The address the page is rendered at. */
  path?: string;
}

export interface Rendered extends RenderResult {
  queryClient: QueryClient;
}

/**
 * Renders a page or component the way the app's shell does: antd in pt-BR (messages 120 px from the top, no
 * motion), React Query, a router, the signed-in session (stored, so callApi sends its token) and the selected
 * project. The query client retries nothing: a failure shows at once.
 */
export function renderWithApp(ui: ReactNode, options: RenderOptions = {}): Rendered {
  const credentials = testCredentials(options.credentials);
  storeCredentials(credentials);
  const session: SessionContextValue = {
    credentials,
    signingInByToken: false,
    tokenError: null,
    signIn: () => undefined,
    endSession: () => undefined,
  };
  const project = testProject(options.project);
  const projects: ProjectContextValue = { projects: [project], project, selectProject: () => undefined };
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const result = render(
    <ConfigProvider locale={ptBR} theme={themeFor(true)} {...ANTD_ICONS}>
      <AntApp message={{ top: 120, duration: 1 }}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[options.path ?? '/page']}>
            <SessionContext.Provider value={session}>
              <ProjectContext.Provider value={projects}>{ui}</ProjectContext.Provider>
            </SessionContext.Provider>
          </MemoryRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return { ...result, queryClient };
}

/** A user typing and clicking without pauses between keys (the pauses only slow the tests down). */
export const setupUser = (): UserEvent => userEvent.setup({ delay: null });
