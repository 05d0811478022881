import { Tabs } from 'antd';
import { PendingTab } from '../components/PendingTab';
import { RegisterUserTab } from '../components/RegisterUserTab';
import '../admin.css';

const PENDING_TABS = [
  ['scene', 'Cadastrar imagem'],
  ['analysis', 'Cadastrar análise'],
  ['remove-scenes', 'Remover imagens'],
  ['remove-analyses', 'Remover análises'],
  ['ai-analysis', 'Análise I.A'],
  ['ai-processing', 'Processamento I.A'],
] as const;

/** Painel de administração (spec 2.11, ADMIN only): left tabs. */
export default function AdminPage() {
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">Painel de administração</h1>
      <Tabs
        tabPlacement="start"
        items={[
          { key: 'user', label: 'Cadastrar usuário', children: <RegisterUserTab /> },
          ...PENDING_TABS.map(([key, label]) => ({ key, label, children: <PendingTab title={label} /> })),
        ]}
      />
    </div>
  );
}
