import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { AccessLinksTab } from '../access-links/AccessLinksTab';
import { OutboundHostsTab } from '../outbound-hosts/OutboundHostsTab';
import { ProjectsTab } from '../projects/ProjectsTab';
import { AiAnalysisTab } from '../components/AiAnalysisTab';
import { AiProcessingTab } from '../components/AiProcessingTab';
import { LotInformationTab } from '../components/LotInformationTab';
import { RegisterAnalysisTab } from '../components/RegisterAnalysisTab';
import { RegisterSceneTab } from '../components/RegisterSceneTab';
import { RegisterUserTab } from '../components/RegisterUserTab';
import { RemoveAnalysesTab } from '../components/RemoveAnalysesTab';
import { RemoveScenesTab } from '../components/RemoveScenesTab';
import '../admin.css';

/**
 * Painel de administração (ADMIN only): left tabs; each tab mounts (and loads) when opened. The spec's seven tabs,
 * the lot information dialog and spreadsheet upload ('Dados dos lotes'), and ours: 'Cadastrar projeto' (projects
 * registered by an ADMIN), 'Links de acesso' and 'Hosts liberados' (internal hosts an ERP URL may reach).
 * 'Cadastrar projeto' comes second, in the order a new customer is set up (user, project, image, analysis), where
 * an ADMIN sees it without scrolling the tabs.
 */
export default function AdminPage() {
  // ?aba=<tab key> opens that tab (e.g. 'scene' from an empty project's 'Cadastrar imagem' or a project's checklist).
  const [search, setSearch] = useSearchParams();
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">Painel de administração</h1>
      <Tabs
        tabPlacement="start"
        destroyOnHidden
        activeKey={search.get('aba') ?? 'user'}
        // The tab is in the address, so a link to another tab (with its ?projeto=) works from inside the panel.
        onChange={(key) => setSearch({ aba: key })}
        items={[
          { key: 'user', label: 'Cadastrar usuário', children: <RegisterUserTab /> },
          { key: 'projects', label: 'Cadastrar projeto', children: <ProjectsTab /> },
          { key: 'scene', label: 'Cadastrar imagem', children: <RegisterSceneTab /> },
          { key: 'analysis', label: 'Cadastrar análise', children: <RegisterAnalysisTab /> },
          { key: 'remove-scenes', label: 'Remover imagens', children: <RemoveScenesTab /> },
          { key: 'remove-analyses', label: 'Remover análises', children: <RemoveAnalysesTab /> },
          { key: 'ai-analysis', label: 'Análise I.A', children: <AiAnalysisTab /> },
          { key: 'ai-processing', label: 'Processamento I.A', children: <AiProcessingTab /> },
          { key: 'lot-information', label: 'Dados dos lotes', children: <LotInformationTab /> },
          { key: 'access-links', label: 'Links de acesso', children: <AccessLinksTab /> },
          { key: 'outbound-hosts', label: 'Hosts liberados', children: <OutboundHostsTab /> },
        ]}
      />
    </div>
  );
}
