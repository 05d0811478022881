import { describe, expect, it } from 'vitest';
import { columnLetter, headerProblem, matchHeaders } from './header-match';

const expected = [
  { key: 'block', header: 'Quadra' },
  { key: 'lot', header: 'Lote' },
  { key: 'sale', header: 'Valor da venda' },
] as const;

describe('matchHeaders', () => {
  it('finds reordered columns by name, ignoring case, accents and blanks', () => {
    const match = matchHeaders(['VALOR DA VENDA', null, 'lote', ' Quadra '], expected);
    expect(match.indexes).toEqual({ sale: 0, lot: 2, block: 3 });
    expect(headerProblem(match)).toBeNull();
  });

  it('reports a renamed column as unknown and missing, with its letter', () => {
    const match = matchHeaders(['Quadra', 'Lote', 'Preço'], expected);
    expect(match.unknown).toEqual([{ header: 'Preço', column: 'C' }]);
    expect(match.missing).toEqual(['Valor da venda']);
    expect(headerProblem(match)).toContain("'Preço' (coluna C)");
    expect(headerProblem(match)).toContain("ausentes: 'Valor da venda'");
  });

  it('reports repeated columns', () => {
    const match = matchHeaders(['Quadra', 'Lote', 'Valor da venda', 'Lote'], expected);
    expect(headerProblem(match)).toContain("repetidas: 'Lote'");
  });

  it('an optional column may be left out, but is found when present', () => {
    const withOptional = [...expected, { key: 'document', header: 'CPF/CNPJ', optional: true }];
    const without = matchHeaders(['Quadra', 'Lote', 'Valor da venda'], withOptional);
    expect(headerProblem(without)).toBeNull();
    expect(without.indexes).not.toHaveProperty('document');
    const withIt = matchHeaders(['Quadra', 'CPF/CNPJ', 'Lote', 'Valor da venda'], withOptional);
    expect(withIt.indexes).toMatchObject({ document: 1 });
  });

  it('column letters', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
