export const PROJECT_TYPES = ['ALLOTMENT', 'CONSTRUCTION', 'ENVIRONMENT'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const PROJECT_TYPE_LABELS: Record<ProjectType, string> = {
  ALLOTMENT: 'Loteamento',
  CONSTRUCTION: 'Obra',
  ENVIRONMENT: 'Ambiental',
};

/** Project stage codes of the panel: P planned, C under construction, D delivered. */
export const PROJECT_STAGES = ['P', 'C', 'D'] as const;
export type ProjectStage = (typeof PROJECT_STAGES)[number];
export const PROJECT_STAGE_LABELS: Record<ProjectStage, string> = {
  P: 'Planejado',
  C: 'Em obras',
  D: 'Entregue',
};
