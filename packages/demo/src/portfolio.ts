import type { AllotmentLayout, LotPlan } from './allotment-layout';
import { lotStateAt, type LotTimeline } from './lot-timeline';
import { createRng, deriveSeed, type Rng } from './prng';

/**
 * One lot's sale record in the demo portfolio (the fields of the entities and their fields "Sale information", as the lot
 * information call takes them). Generated from the same lot timelines the scenes are rendered from, so the
 * portfolio tells the imagery's story: lots are sold months before their earthwork, built houses are sold or
 * paid off, invaded lots are still 'Disponível', some sold lots stay empty, some buyers default while they build.
 */
export interface DemoSaleRecord {
  lotKey: string;
  codigo_comprador: string | null;
  nome_comprador: string | null;
  status_unidade: string;
  status: string | null;
  valor_venda: number | null;
  valor_inadimplencia: number | null;
  qtde_parcelas_vencidas: number | null;
  codigo_venda: string | null;
  data_venda: string | null;
  inscricao_iptu: string | null;
  termo_posse: boolean | null;
  escritura: boolean | null;
  registro: boolean | null;
  status_construcao: string | null;
  status_escritura: string | null;
  notas: string | null;
}

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Juliana',
  'Leonardo',
  'Larissa',
  'Marcos',
  'Mariana',
  'Nelson',
  'Patrícia',
  'Rafael',
  'Renata',
  'Sérgio',
  'Tatiane',
  'Vinícius',
  'Aline',
  'Caio',
  'Fernanda',
  'Gustavo',
  'Helena',
  'Igor',
  'Luana',
  'Otávio',
];
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Ferreira',
  'Almeida',
  'Costa',
  'Rodrigues',
  'Gomes',
  'Martins',
  'Araújo',
  'Barbosa',
  'Ribeiro',
  'Carvalho',
  'Teixeira',
  'Moreira',
  'Nakamura',
  'Yamada',
  'Bertolini',
  'Zanella',
  'Castro',
  'Rocha',
  'Dias',
  'Machado',
  'Vieira',
  'Mendes',
  'Cardoso',
  'Tanaka',
];

/** Price per m² by stage (R$): the first stage, by the avenue, sells dearest; a spread over the six bands. */
const PRICE_PER_M2: Record<string, [number, number]> = {
  'Etapa 1': [360, 560],
  'Etapa 2': [230, 430],
  'Etapa 3': [90, 320],
};

const NOTES = [
  'Cliente solicitou renegociação das parcelas.',
  'Aguardando pagamento do ITBI.',
  'Transferência de titularidade em análise.',
  'Alvará de construção protocolado na prefeitura.',
  'Contrato assinado digitalmente.',
];

/** The month index's date (month 0 = the first scene's month), on a given day. */
function monthDate(firstScene: string, month: number, day: number): string {
  const [year, m] = firstScene.split('-').map(Number) as [number, number];
  const total = year * 12 + (m - 1) + month;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const CONSTRUCTION_STATUS: Record<string, string> = {
  V: 'Não iniciada',
  B: 'Terraplenagem',
  E: 'Em andamento',
  C: 'Concluída',
};

function buyer(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * The demo allotment's portfolio, one record per lot, deterministic for a layout and its timelines. `dates` are
 * the scenes' dates (monthly); the last one is "today" for the portfolio.
 */
export function demoPortfolio(
  layout: AllotmentLayout,
  timelines: readonly LotTimeline[],
  dates: readonly string[],
  seed = layout.seed,
): DemoSaleRecord[] {
  const rng = createRng(deriveSeed(seed, 'portfolio'));
  const byKey = new Map(timelines.map((timeline) => [timeline.lotKey, timeline]));
  const lastMonth = dates.length - 1;
  const firstScene = dates[0] ?? '2025-06-01';
  let saleNumber = 100;
  return layout.lots.map((lot, index) => {
    const timeline = byKey.get(lot.lotKey);
    const record = emptyRecord(lot, index);
    if (!timeline) return record;
    const now = lotStateAt(timeline, lastMonth).status;
    if (timeline.kind === 'invasion') return record;
    if (timeline.kind === 'other') {
      return {
        ...record,
        status_unidade: 'Fora de venda',
        notas: 'Área em uso pela loteadora (canteiro de obras).',
      };
    }
    const [low, high] = PRICE_PER_M2[lot.stage] ?? [150, 350];
    const area = lot.width * lot.depth;
    const price = Math.round((area * rng.range(low, high)) / 100) * 100;
    const building = timeline.earthwork <= lastMonth;
    // A lot being built but never registered as sold: the office's data lags behind the field.
    if (building && rng.chance(0.03)) return { ...record, status_unidade: 'Disponível', valor_venda: price };
    if (!building && !rng.chance(0.28)) {
      return rng.chance(0.15)
        ? { ...record, status_unidade: rng.pick(['Reservado', 'Proposta']), valor_venda: price }
        : { ...record, status_unidade: 'Disponível', valor_venda: price };
    }
    const saleMonth = building
      ? Math.min(timeline.earthwork - rng.int(2, 16), lastMonth)
      : rng.int(-3, lastMonth - 1);
    const paidOff = saleMonth <= -18 && rng.chance(0.55);
    const instalment = (price * 0.8) / 120;
    const defaultChance = now === 'E' ? 0.2 : 0.08;
    const overdue = !paidOff && rng.chance(defaultChance) ? rng.int(1, 8) : 0;
    const deeded = paidOff && rng.chance(0.7);
    const builtBefore = lotStateAt(timeline, Math.max(0, lastMonth - 2)).status;
    saleNumber += 1;
    return {
      ...record,
      codigo_comprador: `C${String(10000 + index * 7).slice(-5)}`,
      nome_comprador: buyer(rng),
      status_unidade: paidOff ? 'Quitado' : 'Vendida',
      status: paidOff ? 'Quitado' : overdue > 0 ? 'Inadimplente' : 'Adimplente',
      valor_venda: price,
      valor_inadimplencia: overdue > 0 ? cents(instalment * overdue * 1.02) : 0,
      qtde_parcelas_vencidas: overdue,
      codigo_venda: `V${monthDate(firstScene, saleMonth, 1).slice(0, 4)}-${String(saleNumber).padStart(4, '0')}`,
      data_venda: monthDate(firstScene, saleMonth, rng.int(1, 28)),
      termo_posse: building || rng.chance(0.3),
      escritura: deeded,
      registro: deeded && rng.chance(0.8),
      status_construcao: CONSTRUCTION_STATUS[builtBefore] ?? null,
      status_escritura: deeded ? 'Escriturado' : paidOff ? 'Aguardando escritura' : 'Não iniciado',
      notas: rng.chance(0.08) ? rng.pick(NOTES) : null,
    };
  });
}

function emptyRecord(lot: LotPlan, index: number): DemoSaleRecord {
  const stageNumber = lot.stage.replace(/\D/g, '') || '0';
  return {
    lotKey: lot.lotKey,
    codigo_comprador: null,
    nome_comprador: null,
    status_unidade: 'Disponível',
    status: null,
    valor_venda: null,
    valor_inadimplencia: null,
    qtde_parcelas_vencidas: null,
    codigo_venda: null,
    data_venda: null,
    inscricao_iptu: `0${stageNumber}.${lot.block}.${String(lot.number).padStart(4, '0')}.${String(index + 1).padStart(3, '0')}`,
    termo_posse: false,
    escritura: false,
    registro: false,
    status_construcao: null,
    status_escritura: null,
    notas: null,
  };
}
