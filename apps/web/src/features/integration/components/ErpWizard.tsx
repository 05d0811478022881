import { useMemo, useState, type ReactNode } from 'react';
import { Steps } from 'antd';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { INTEGRATION_MESSAGES } from '@mirante/shared';
import type { WizardNav } from './wizardNav';

export interface WizardStep {
  title: string;
  render(nav: WizardNav): ReactNode;
}

interface Props {
  /** The ERP's name, for the wizard's accessible name. */
  erpName: string;
  steps: readonly WizardStep[];
}

/**
 * The frame of the three ERP wizards: the steps on top, the current step's form below. A step moves on
 * only after its own save succeeded; after the last one: 'Configuração concluída com sucesso!' and back to step 1.
 */
export function ErpWizard({ erpName, steps }: Props) {
  const [index, setIndex] = useState(0);
  const feedback = useFeedback();
  const nav = useMemo<WizardNav>(
    () => ({
      index,
      count: steps.length,
      back: () => setIndex((current) => Math.max(0, current - 1)),
      advance: () => {
        if (index < steps.length - 1) {
          setIndex(index + 1);
          return;
        }
        feedback.success(INTEGRATION_MESSAGES.completed);
        setIndex(0);
      },
    }),
    [feedback, index, steps.length],
  );
  const step = steps[index];
  return (
    <section className="integration-wizard" aria-label={`Integração ${erpName}`}>
      <Steps
        size="small"
        current={index}
        items={steps.map((item) => ({ title: item.title }))}
        className="integration-wizard__steps"
      />
      <div className="integration-wizard__body" key={index}>
        {step?.render(nav)}
      </div>
    </section>
  );
}
