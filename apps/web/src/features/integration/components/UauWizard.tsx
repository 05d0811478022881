import { CredentialsStep } from './CredentialsStep';
import { ErpWizard, type WizardStep } from './ErpWizard';
import { LinkingStep } from './LinkingStep';
import { NotificationStep } from './NotificationStep';
import { SalesStatusStep } from './SalesStatusStep';
import { UnitFieldsStep } from './UnitFieldsStep';

const STEPS: WizardStep[] = [
  { title: 'Credenciais', render: (nav) => <CredentialsStep erp="uau" nav={nav} /> },
  { title: 'Loteamentos', render: (nav) => <LinkingStep erp="uau" nav={nav} /> },
  { title: 'Campos da unidade', render: (nav) => <UnitFieldsStep nav={nav} /> },
  { title: 'Status de venda', render: (nav) => <SalesStatusStep nav={nav} /> },
  { title: 'Notificação', render: (nav) => <NotificationStep erp="uau" nav={nav} /> },
];

/** UAU, 5 steps: credentials; allotments ↔ ERP enterprises; unit fields; sales statuses; notification. */
export function UauWizard() {
  return <ErpWizard erpName="UAU" steps={STEPS} />;
}
