import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { INFORMATION_MESSAGES, type Project } from '@mirante/shared';
import { statusOf } from '../../../shared/api/ApiError';
import { LoadingScreen } from '../../../shared/status/LoadingScreen';
import { ModuleNotAvailableScreen } from '../../../shared/status/ModuleNotAvailableScreen';
import { ServerErrorScreen } from '../../../shared/status/ServerErrorScreen';
import { useCurrentProject } from '../../projects/ProjectContext';
import { useInformations, useReloadInformations } from '../api';
import { Portfolio } from '../components/Portfolio';
import { PortfolioWaitScreen } from '../components/PortfolioWaitScreen';
import '../finance.css';

/** 'Análise da carteira', module allotment.finance. */
export default function InformationPage() {
  const project = useCurrentProject();
  return <ProjectPortfolio key={project.id} project={project} />;
}

function ProjectPortfolio({ project }: { project: Project }) {
  const query = useInformations(project.id);
  const reload = useReloadInformations();
  // bumped after an import: the portfolio remounts with its filters reset
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    document.title = `${INFORMATION_MESSAGES.title} | Financeiro`;
  }, []);

  if (query.isPending) return <LoadingScreen />;
  if (query.isError) {
    const status = statusOf(query.error);
    if (status === 404) return <PortfolioWaitScreen />;
    if (status === 403) return <ModuleNotAvailableScreen />;
    return <ServerErrorScreen onRetry={() => void query.refetch()} />;
  }
  return (
    <div className="finance-page">
      <h1 className="finance-page__title">
        {INFORMATION_MESSAGES.title}
        {query.isFetching && <Spin size="small" style={{ marginLeft: 12 }} />}
      </h1>
      <Portfolio
        key={generation}
        projectId={project.id}
        list={query.data}
        onImported={() => {
          void reload(project.id).then(() => setGeneration((value) => value + 1));
        }}
      />
    </div>
  );
}
