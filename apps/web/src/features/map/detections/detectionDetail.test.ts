import { describe, expect, it } from 'vitest';
import type { Scene } from '@mirante/shared';
import {
  analysisLegend,
  beforeAfterScenes,
  detectionCategory,
  externalMapsUrl,
  formatDetectionArea,
  geometryCenter,
  isAnalysisType,
  sideCaption,
} from './detectionDetail';

const scene = (id: number, isoDate: string) =>
  ({ id, isoDate, dateFormatted: isoDate.split('-').reverse().join('/') }) as Scene;
const scenes = [scene(3, '2026-04-15'), scene(2, '2026-01-15'), scene(1, '2025-10-15')];

describe('detection detail', () => {
  it('applies to REFO, DEFO and GAMBIRA only', () => {
    expect(['REFO', 'DEFO', 'GAMBIRA', 'LOT'].map((t) => isAnalysisType(t as 'LOT'))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('names the category and shows the area in m² with no decimals', () => {
    expect(detectionCategory({ type: 'DEFO' })).toBe('Desmatamento');
    expect(detectionCategory({ type: 'REFO', category_name: 'Plantio' })).toBe('Plantio');
    expect(formatDetectionArea(12345.67)).toBe('12.346 m²');
  });

  it('links the geometry centre to an external maps service', () => {
    const center = geometryCenter({
      type: 'Polygon',
      coordinates: [
        [
          [-47, -22],
          [-46, -22],
          [-46, -21],
          [-47, -22],
        ],
      ],
    });
    expect(center).toEqual({ lat: -21.5, lng: -46.5 });
    expect(externalMapsUrl(center)).toBe('https://www.google.com/maps?q=-21.500000,-46.500000');
  });

  it('uses the layer dates, else the shown scene and the one just older', () => {
    expect(beforeAfterScenes({}, scenes, scenes[0]!)).toEqual({ before: scenes[1], after: scenes[0] });
    expect(beforeAfterScenes({}, scenes, scenes[1]!)).toEqual({ before: scenes[2], after: scenes[1] });
    expect(
      beforeAfterScenes({ detect_before_date: '2025-10-15', detect_after_date: '2026-04-15' }, scenes, null),
    ).toEqual({ before: scenes[2], after: scenes[0] });
    expect(beforeAfterScenes({}, [scenes[2]!], scenes[2]!)).toEqual({ before: null, after: scenes[2] });
  });

  it('never stands another date in for a detection date the project has no scene of', () => {
    const dated = { detect_before_date: '2025-07-01', detect_after_date: '2026-04-15' };
    expect(beforeAfterScenes(dated, scenes, scenes[1]!)).toEqual({ before: null, after: scenes[0] });
    expect(beforeAfterScenes(dated, [], null)).toEqual({ before: null, after: null });
  });

  it('captions each side with its date, saying when there is no image of it', () => {
    expect(sideCaption('Antes', scenes[2]!, '2025-10-15')).toBe('Antes: 15/10/2025');
    expect(sideCaption('Antes', null, '2025-07-01')).toBe('Antes: 01/07/2025 (sem imagem)');
    expect(sideCaption('Depois', null, undefined)).toBe('Depois: sem imagem');
  });
});

describe('analysisLegend', () => {
  it('lists the visible analysis types in spec order with their fill colours', () => {
    expect(analysisLegend(['LOT', 'DEFO', 'REFO'], { REFO: '#3fa34d', DEFO: '#d64541' })).toEqual([
      { type: 'REFO', name: 'Reflorestamento', color: '#3fa34d' },
      { type: 'DEFO', name: 'Desmatamento', color: '#d64541' },
    ]);
    expect(analysisLegend(['LOT', 'BLOCK'], {})).toEqual([]);
  });
});
