import { describe, expect, it } from 'vitest';
import { fileProblem, importOutcome } from './importOutcome';

const row = (linha: number, sucesso: boolean) => ({ linha, sucesso, erros: sucesso ? [] : ['x'] });

describe('importOutcome', () => {
  it('all rows imported', () => {
    expect(importOutcome({ list: [row(2, true), row(3, true)] })).toMatchObject({
      type: 'success',
      message: 'Todas as linhas foram importadas com sucesso!',
      description: null,
    });
  });

  it('no row imported', () => {
    expect(importOutcome({ list: [row(2, false)] })).toMatchObject({
      type: 'error',
      message: 'Nenhuma linha conseguiu ser importada.',
      description: 'Você receberá um e-mail detalhando os erros encontrados.',
    });
  });

  it('mixed: the counts', () => {
    const outcome = importOutcome({
      list: [row(2, true), row(3, false), row(4, true), row(5, false), row(6, false)],
    });
    expect(outcome.type).toBe('warning');
    expect(outcome.message).toBe('2 linhas foram importadas com sucesso. 3 linhas não foram importadas.');
    expect(outcome.rejected.map((item) => item.linha)).toEqual([3, 5, 6]);
  });
});

describe('fileProblem', () => {
  it('takes .xls and .xlsx up to 10 MB', () => {
    expect(fileProblem({ name: 'carteira.XLSX', size: 1000 })).toBeNull();
    expect(fileProblem({ name: 'carteira.xls', size: 10 * 1024 * 1024 })).toBeNull();
    expect(fileProblem({ name: 'carteira.csv', size: 10 })).toBe(
      'Tipo de arquivo inválido. Por favor, selecione um arquivo do tipo .xls ou .xlsx.',
    );
    expect(fileProblem({ name: 'a.xlsx', size: 10 * 1024 * 1024 + 1 })).toBe(
      'Tamanho do arquivo excede o limite de 10MB.',
    );
  });
});
