import type { StatusHistoryItem, StatusSource } from '@mirante/shared';
import { formatConfidence } from './format';

const SOURCE_LABELS: Record<StatusSource, string> = {
  ai: 'IA',
  manual: 'Edição manual',
  import: 'Importação',
  'demo-ground-truth': 'Dado de demonstração',
};

/** How a history entry says who wrote it: the source, and the AI's confidence or the editor's name. */
export interface StatusSourceText {
  label: string;
  /** 'Confiança 87%' for the AI, 'por Ana Administradora' for a manual edit; null otherwise. */
  detail: string | null;
}

export function statusSourceText(
  item: Pick<StatusHistoryItem, 'source' | 'precision' | 'author'>,
): StatusSourceText {
  const label = SOURCE_LABELS[item.source];
  if (item.source === 'ai' && item.precision !== null)
    return { label, detail: `Confiança ${formatConfidence(item.precision)}` };
  if (item.source === 'manual' && item.author) return { label, detail: `por ${item.author}` };
  return { label, detail: null };
}
