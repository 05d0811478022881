import { CredentialsStep } from './CredentialsStep';
import { ErpWizard, type WizardStep } from './ErpWizard';
import { LinkingStep } from './LinkingStep';
import { NotificationStep } from './NotificationStep';
import { SiengeHelp } from './SiengeHelp';

const STEPS: WizardStep[] = [
  { title: 'Credenciais', render: (nav) => <CredentialsStep erp="sienge" nav={nav} help={<SiengeHelp />} /> },
  { title: 'Loteamentos e carteiras', render: (nav) => <LinkingStep erp="sienge" nav={nav} /> },
  { title: 'Notificação', render: (nav) => <NotificationStep erp="sienge" nav={nav} /> },
];

/** Sienge, 3 steps: credentials with the help and the PDF; allotments and wallets; notification. */
export function SiengeWizard() {
  return <ErpWizard erpName="Sienge" steps={STEPS} />;
}
