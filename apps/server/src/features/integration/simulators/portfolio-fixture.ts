/*
 * The simulators' data: our own invented allotments (no vendor payload is copied), one model rendered by each
 * simulator in its vendor's shapes. Deterministic for a seed.
 */

export type FixtureStatus = 'disponivel' | 'reservado' | 'proposta' | 'vendido' | 'quitado' | 'fora_venda';

export interface FixtureInstalment {
  number: number;
  count: number;
  dueDate: string;
  value: number;
  paid: boolean;
  /** Interest and fine of an overdue instalment. */
  interest: number;
  fine: number;
}

export interface FixtureSale {
  number: number;
  buyerCode: number;
  buyerName: string;
  document: string;
  date: string;
  value: number;
  cancelled: boolean;
  instalments: FixtureInstalment[];
}

export interface FixtureUnit {
  /** Sequential within the enterprise, from 1. */
  id: number;
  block: string;
  lot: string;
  status: FixtureStatus;
  sale: FixtureSale | null;
}

export interface FixtureEnterprise {
  code: number;
  name: string;
  units: FixtureUnit[];
}

export interface FixtureOptions {
  code: number;
  name: string;
  /** Block codes with their lot count, e.g. [['01', 20], ['02', 18]]. */
  blocks: [string, number][];
  seed?: number;
  /** YYYY-MM-DD: instalments due before it are paid unless the buyer is in default. */
  today: string;
}

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gisele',
  'Hugo',
  'Isabel',
  'João',
  'Karina',
  'Luís',
];
const LAST_NAMES = [
  'Almeida',
  'Barbosa',
  'Cardoso',
  'Duarte',
  'Esteves',
  'Ferraz',
  'Gomes',
  'Hoffmann',
  'Ishikawa',
  'Jesus',
];

function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return iso(new Date(Date.UTC(year, month - 1 + months, Math.min(day, 28))));
}

/** An allotment with ~55 % sold, ~10 % paid off, some reserved or in proposal; ~20 % of the sold in default. */
export function generateEnterprise(options: FixtureOptions): FixtureEnterprise {
  const next = random(options.seed ?? options.code * 7919);
  const units: FixtureUnit[] = [];
  let saleNumber = 0;
  for (const [block, count] of options.blocks) {
    for (let n = 1; n <= count; n++) {
      const roll = next();
      const status: FixtureStatus =
        roll < 0.55
          ? 'vendido'
          : roll < 0.65
            ? 'quitado'
            : roll < 0.7
              ? 'reservado'
              : roll < 0.73
                ? 'proposta'
                : 'disponivel';
      let sale: FixtureSale | null = null;
      if (status === 'vendido' || status === 'quitado') {
        saleNumber += 1;
        const months = 12 + Math.floor(next() * 48);
        const date = addMonths(options.today, -months);
        const value = Math.round((80_000 + next() * 120_000) / 100) * 100;
        const count = status === 'quitado' ? months - 1 : 120;
        const defaulting = status === 'vendido' && next() < 0.2;
        const overdue = defaulting ? 1 + Math.floor(next() * 5) : 0;
        const instalment = Math.round((value / count) * 100) / 100;
        const instalments: FixtureInstalment[] = [];
        for (let i = 1; i <= count; i++) {
          const dueDate = addMonths(date, i);
          const past = dueDate < options.today;
          const unpaidPast = past && overdue > 0 && i > months - 1 - overdue;
          instalments.push({
            number: i,
            count,
            dueDate,
            value: instalment,
            paid: past && !unpaidPast,
            interest: unpaidPast ? Math.round(instalment * 0.01 * (months - i) * 100) / 100 : 0,
            fine: unpaidPast ? Math.round(instalment * 0.02 * 100) / 100 : 0,
          });
        }
        const first = FIRST_NAMES[Math.floor(next() * FIRST_NAMES.length)] ?? 'Ana';
        const last = LAST_NAMES[Math.floor(next() * LAST_NAMES.length)] ?? 'Silva';
        sale = {
          number: saleNumber,
          buyerCode: 1000 + saleNumber,
          buyerName: `${first} ${last}`,
          document: String(10_000_000_000 + Math.floor(next() * 89_999_999_999)),
          date,
          value,
          cancelled: false,
          instalments,
        };
      }
      units.push({ id: units.length + 1, block, lot: String(n).padStart(2, '0'), status, sale });
    }
  }
  return { code: options.code, name: options.name, units };
}

/** 'Q01-L05' */
export const unitLabel = (unit: Pick<FixtureUnit, 'block' | 'lot'>) => `Q${unit.block}-L${unit.lot}`;

/** The open instalments of a sale (unpaid), due before `today` or not. */
export const openInstalments = (sale: FixtureSale) => sale.instalments.filter((i) => !i.paid);
