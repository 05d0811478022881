/** Where a wizard step stands and how it moves: each step saves first, then advances (the states and transitions Wizards). */
export interface WizardNav {
  index: number;
  count: number;
  back(): void;
  /** To the next step; after the last one the wizard says it is done and returns to step 1. */
  advance(): void;
}

export const isLastStep = (nav: WizardNav) => nav.index === nav.count - 1;
