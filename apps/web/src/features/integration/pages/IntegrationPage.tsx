import { Tabs } from 'antd';
import { ErpTab } from '../components/ErpTab';
import { MegaWizard } from '../components/MegaWizard';
import { SiengeWizard } from '../components/SiengeWizard';
import { SyncRunsTab } from '../components/SyncRunsTab';
import { UauWizard } from '../components/UauWizard';
import '../integration.css';

/**
 * Integração: left tabs; the first holds the synchronisations' log, tabs 2, 3 and 4 the Mega, UAU and
 * Sienge wizards. Each tab mounts (and loads) when opened.
 */
export default function IntegrationPage() {
  return (
    <div className="integration-page">
      <h1 className="integration-page__title">Integração com ERPs</h1>
      <Tabs
        tabPlacement="start"
        destroyOnHidden
        defaultActiveKey="mega"
        items={[
          { key: 'runs', label: 'Sincronizações', children: <SyncRunsTab /> },
          {
            key: 'mega',
            label: 'Mega',
            children: (
              <ErpTab erp="mega">
                <MegaWizard />
              </ErpTab>
            ),
          },
          {
            key: 'uau',
            label: 'UAU',
            children: (
              <ErpTab erp="uau">
                <UauWizard />
              </ErpTab>
            ),
          },
          {
            key: 'sienge',
            label: 'Sienge',
            children: (
              <ErpTab erp="sienge">
                <SiengeWizard />
              </ErpTab>
            ),
          },
        ]}
      />
    </div>
  );
}
