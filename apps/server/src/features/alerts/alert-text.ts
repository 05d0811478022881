import { detectionName, displayDate, type AlertKind, type ProjectType } from '@mirante/shared';

/** A lot named in an event: what happened to it, in a sentence. */
export interface AlertLot {
  layerId: number;
  name: string;
  block: string | null;
  from?: string | null;
  to?: string;
  text?: string;
}

/**
 * What each kind of event records (its payload), as the scan writes it. Keys are camelCase: the database
 * handle's CamelCasePlugin rewrites the keys of the jsonb it reads.
 */
export interface AlertPayload {
  date?: string;
  beforeDate?: string | null;
  sceneId?: number;
  counts?: Record<string, number>;
  lots?: AlertLot[];
  total?: number;
  pending?: number;
  erp?: string;
  message?: string | null;
}

export interface DescribedAlert {
  title: string;
  detail: string;
  lots: { layerId: number; label: string; change: string }[];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function lotLabel(lot: Pick<AlertLot, 'name' | 'block'>): string {
  return lot.block ? `${lot.name} (quadra ${lot.block})` : lot.name;
}

function change(lot: AlertLot): string {
  if (lot.text) return lot.text;
  if (lot.from && lot.to) return `${detectionName(lot.from)} → ${detectionName(lot.to)}`;
  return lot.to ? detectionName(lot.to) : '';
}

/** The title, sentence and lots of an event, in pt-BR: the bell and the e-mails say the same. */
export function describeAlert(kind: AlertKind, payload: AlertPayload): DescribedAlert {
  const lots = (payload.lots ?? []).map((lot) => ({
    layerId: lot.layerId,
    label: lotLabel(lot),
    change: change(lot),
  }));
  const total = payload.total ?? lots.length;
  const onImage = payload.date ? ` na imagem de ${displayDate(payload.date)}` : '';
  switch (kind) {
    case 'scene_published':
      return {
        title: 'Nova imagem publicada',
        detail: `Imagem de ${displayDate(payload.date ?? '')} publicada.`,
        lots,
      };
    case 'ai_readings':
      return {
        title: `I.A: ${plural(total, "lote com 'Invasão' ou situação que regrediu", "lotes com 'Invasão' ou situação que regrediu")}`,
        detail: `Novas leituras da I.A${onImage}.`,
        lots,
      };
    case 'status_changes': {
      const counts = Object.entries(payload.counts ?? {})
        .map(([status, count]) => `${detectionName(status)}: ${count}`)
        .join(', ');
      return {
        title: `${plural(total, 'lote mudou', 'lotes mudaram')} de situação`,
        detail: `Situação nova${onImage}: ${counts}.`,
        lots,
      };
    }
    case 'environment_proposals':
      return {
        title: `${plural(payload.pending ?? 0, 'proposta ambiental aguardando', 'propostas ambientais aguardando')} revisão`,
        detail: `Comparação ${displayDate(payload.beforeDate ?? '')} → ${displayDate(payload.date ?? '')}.`,
        lots,
      };
    case 'sync_failed':
      return {
        title: `Falha na sincronização com o ERP (${(payload.erp ?? '').toUpperCase()})`,
        detail: payload.message ? `Erro: ${payload.message}` : 'A sincronização terminou com erro.',
        lots,
      };
    case 'finance_imagery':
      return {
        title: `Financeiro × imagem: ${plural(total, 'lote para verificar', 'lotes para verificar')}`,
        detail: `Venda em lote vazio ou lote construído sem venda${onImage}.`,
        lots,
      };
  }
}

/** Where an alert leads in the web app: the project's map, at the lot when one is named. */
export function alertPath(
  projectId: number,
  projectType: ProjectType,
  kind: AlertKind,
  layerId?: number,
): string {
  if (kind === 'environment_proposals') return `/page/analysis?projeto=${projectId}`;
  if (kind === 'sync_failed') return `/page/integration?projeto=${projectId}`;
  const page = projectType === 'ALLOTMENT' ? '/page/fusion-map' : '/page/area';
  return `${page}?projeto=${projectId}${layerId ? `&lote=${layerId}` : ''}`;
}
