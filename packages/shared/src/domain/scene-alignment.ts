/** What the alignment estimate of a scene against the previous published scene came to. */
export const ALIGNMENT_STATUSES = [
  'running',
  'match',
  'aligned',
  'weak',
  'little_overlap',
  'failed',
] as const;
export type AlignmentStatusCode = (typeof ALIGNMENT_STATUSES)[number];
export const ALIGNMENT_DECISIONS = ['accepted', 'rejected'] as const;
export type AlignmentDecisionCode = (typeof ALIGNMENT_DECISIONS)[number];

export interface AlignmentFacts {
  status: AlignmentStatusCode;
  /** DD/MM/YYYY of the reference scene. */
  referenceDate: string;
  /** Proposed offset, ground metres east/north. */
  offset: readonly [number, number];
  /** 0–1 */
  confidence: number;
  /** 0–1 */
  overlap: number;
}

const metres = (value: number) =>
  `${Math.abs(value).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} m`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The pt-BR sentence the ADMIN reads for an alignment (the proposal or why there is none). */
export function alignmentMessage(facts: AlignmentFacts): string {
  const { referenceDate: date } = facts;
  switch (facts.status) {
    case 'running':
      return `Calculando o alinhamento com a imagem de ${date}…`;
    case 'match': {
      const [east, north] = facts.offset;
      return (
        `O Mirante propõe deslocar esta imagem ${metres(east)} para ${east < 0 ? 'oeste' : 'leste'} e ` +
        `${metres(north)} para ${north < 0 ? 'sul' : 'norte'}, alinhando-a à imagem de ${date} ` +
        `(confiança ${percent(facts.confidence)}, sobreposição ${percent(facts.overlap)}).`
      );
    }
    case 'aligned':
      return `Esta imagem já está alinhada com a imagem de ${date} (diferença menor que meio pixel).`;
    case 'weak':
      return (
        `A correspondência com a imagem de ${date} é fraca (confiança ${percent(facts.confidence)}): ` +
        'o Mirante não propõe um deslocamento. Ajuste o offset manualmente, se precisar.'
      );
    case 'little_overlap':
      return (
        `Esta imagem e a de ${date} têm pouca área em comum (sobreposição ${percent(facts.overlap)}): ` +
        'o Mirante não propõe um deslocamento. Ajuste o offset manualmente, se precisar.'
      );
    case 'failed':
      return `Não foi possível calcular o alinhamento com a imagem de ${date}.`;
  }
}

export const ALIGNMENT_MESSAGES = {
  accepted: 'Alinhamento aplicado ao offset da imagem.',
  rejected: 'Proposta recusada: o offset da imagem não foi alterado.',
  notProposed: 'Não há proposta de alinhamento para aceitar ou recusar nesta imagem.',
  alreadyDecided: 'Esta proposta de alinhamento já foi decidida.',
  onlyAdmin: 'Somente administradores podem decidir o alinhamento das imagens.',
} as const;
