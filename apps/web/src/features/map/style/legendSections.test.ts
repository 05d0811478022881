import { describe, expect, it } from 'vitest';
import { legendSections, lotLegendTitle } from './legendSections';

describe('legendSections', () => {
  it('has the lot statuses (with Sem detecção last) when lots are on the map', () => {
    const [lots, ...rest] = legendSections(['LOT', 'BLOCK'], 'Situação em 15/01/2026');
    expect(lots?.title).toBe('Situação em 15/01/2026');
    expect(lots?.items.map((item) => item.name)).toContain('Em construção');
    expect(lots?.items.at(-1)?.name).toBe('Sem detecção');
    expect(rest).toEqual([]);
  });

  it('has only the analyses on an environment map, and nothing without coloured families', () => {
    const sections = legendSections(['PPA', 'DEFO', 'REFO', 'STREAM'], 'Última detecção');
    expect(sections.map((section) => section.title)).toEqual(['Análises']);
    expect(sections[0]?.items.map((item) => item.name)).toEqual(['Reflorestamento', 'Desmatamento']);
    expect(legendSections(['LIMIT', 'OTHER'], 'Última detecção')).toEqual([]);
  });
});

describe('lotLegendTitle', () => {
  it('names the date the lot colours show', () => {
    expect(lotLegendTitle(true, { dateFormatted: '15/04/2026' })).toBe('Situação na data de cada imagem');
    expect(lotLegendTitle(false, { dateFormatted: '15/04/2026' })).toBe('Situação em 15/04/2026');
    expect(lotLegendTitle(false, null)).toBe('Última detecção');
  });
});
