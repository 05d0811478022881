import { DETECTION_TYPES, type LayerType, type Scene } from '@mirante/shared';
import { analysisLegend } from '../detections/detectionDetail';
import { AREA_FILL, UNCLASSIFIED_COLOR } from './layerStyles';

export interface LegendSection {
  title: string;
  /** `dashed`: the swatch is a dashed outline (drawn so on the map), not a filled square. */
  items: readonly { key: string; name: string; color: string; dashed?: boolean }[];
}

/** What the lot colours show: each compared map's date, the shown image's date, or the latest detection. */
export function lotLegendTitle(comparing: boolean, datedScene: Pick<Scene, 'dateFormatted'> | null): string {
  if (comparing) return 'Situação na data de cada imagem';
  return datedScene ? `Situação em ${datedScene.dateFormatted}` : 'Última detecção';
}

/** Legend sections for the visible layer types: lot statuses (titled by the date they show) and analyses. */
export function legendSections(visibleTypes: readonly LayerType[], lotTitle: string): LegendSection[] {
  const sections: LegendSection[] = [];
  if (visibleTypes.includes('LOT'))
    sections.push({
      title: lotTitle,
      items: [
        ...DETECTION_TYPES.filter((type) => type.key !== 'X').map((type) => ({
          key: type.key,
          name: type.name,
          color: type.color,
        })),
        { key: 'X', name: 'Sem detecção', color: UNCLASSIFIED_COLOR },
      ],
    });
  const analyses = analysisLegend(visibleTypes, AREA_FILL);
  if (analyses.length > 0)
    sections.push({
      title: 'Análises',
      items: analyses.map((item) => ({ key: item.type, name: item.name, color: item.color })),
    });
  return sections;
}
