import { Button } from 'antd';
import { isLastStep, type WizardNav } from './wizardNav';

interface Props {
  nav: WizardNav;
  /** While the step's save runs the button shows it and ignores clicks (submit ignored while submitting). */
  submitting: boolean;
  /** A step that cannot be saved yet (its data did not load). */
  disabled?: boolean;
}

/** Voltar (from step 2 on), then Prosseguir, or Concluir on the last step; the forward button submits the step. */
export function WizardActions({ nav, submitting, disabled = false }: Props) {
  return (
    <div className="integration-wizard__actions">
      {nav.index > 0 && (
        <Button onClick={nav.back} disabled={submitting}>
          Voltar
        </Button>
      )}
      <Button type="primary" htmlType="submit" loading={submitting} disabled={disabled}>
        {isLastStep(nav) ? 'Concluir' : 'Prosseguir'}
      </Button>
    </div>
  );
}
