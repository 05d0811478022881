import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LayerImportReport } from '@mirante/shared';
import { renderWithApp } from '../../../../test/render';
import { ImportCounts, ImportDetails } from './ImportReportView';

const report: LayerImportReport = {
  dryRun: true,
  imported: false,
  format: 'shapefile',
  crs: { epsg: 31983, name: 'SIRGAS 2000 / UTM zone 23S', source: 'file' },
  columns: ['ref'],
  mapping: { type: null, block: null, name: 'ref', customerCode: null, stage: null, tagValue: null },
  featureCount: 12_043,
  validCount: 1_043,
  invalidCount: 11_000,
  counts: [{ type: 'LOT', total: 12_043, invalid: 11_000 }],
  problems: [],
  problemCount: 0,
  preview: { type: 'FeatureCollection', features: [] },
  lots: { created: 1_043, updated: 2_500, unmatched: 1_200, unmatchedLots: [] },
  otherLayersCreated: 0,
  derived: { boundary: true, blocks: 1_500, stages: 0 },
};

/** The number antd's Statistic shows under its title. */
const statistic = (title: string) =>
  screen
    .getByText(title, { selector: '.ant-statistic-header *' })
    .closest('.ant-statistic')
    ?.querySelector('.ant-statistic-content')?.textContent;

describe('ImportCounts', () => {
  it("groups thousands with '.' as pt-BR writes them ('1.043', not '1,043')", () => {
    renderWithApp(<ImportCounts report={report} />);
    expect(statistic('Feições')).toBe('12.043');
    expect(statistic('Válidas')).toBe('1.043');
    expect(statistic('Inválidas')).toBe('11.000');
    expect(statistic('Lotes novos')).toBe('1.043');
    expect(statistic('Lotes atualizados')).toBe('2.500');
    expect(statistic('Lotes sem correspondência')).toBe('1.200');
  });
});

describe('ImportDetails', () => {
  it("groups the counts per type and the derived blocks with '.'", () => {
    renderWithApp(<ImportDetails report={report} />);
    expect(screen.getByText(/inválidas/).textContent).toContain(': 12.043 (11.000 inválidas)');
    expect(screen.getByText(/quadras/).textContent).toContain('1.500 quadras');
  });
});
