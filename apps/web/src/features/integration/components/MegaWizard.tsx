import { CredentialsStep } from './CredentialsStep';
import { ErpWizard, type WizardStep } from './ErpWizard';
import { LinkingStep } from './LinkingStep';
import { NotificationStep } from './NotificationStep';

const STEPS: WizardStep[] = [
  { title: 'Credenciais', render: (nav) => <CredentialsStep erp="mega" nav={nav} /> },
  { title: 'Vínculos', render: (nav) => <LinkingStep erp="mega" nav={nav} /> },
  { title: 'Notificação', render: (nav) => <NotificationStep erp="mega" nav={nav} /> },
];

/** Mega, 3 steps: the two service URLs, user and password; linking; notification. */
export function MegaWizard() {
  return <ErpWizard erpName="Mega" steps={STEPS} />;
}
