import type {
  LotPopupPartProps,
  MapExtensions,
  MapScreenContribution,
  MapScreenState,
} from '../../features/map/extensions';
import { useConstructionSidebar } from '../../features/construction/hooks/useConstructionSidebar';
import { SaleInformationSection } from '../../features/finance/components/SaleInformationSection';
import { InspectionCompare } from '../../features/overlays/components/InspectionCompare';
import { useOverlaySidebar } from '../../features/overlays/hooks/useOverlaySidebar';

/** Construction projects: the inspections and notes sections, their modals and the notes drawn on the map. */
function useConstructionOnMap({ project, map, comparison }: MapScreenState): MapScreenContribution {
  return useConstructionSidebar(project, map, comparison.showScene);
}

/** Construction projects: the plans laid over the imagery, their section, and the inspections' comparison. */
function useOverlaysOnMap(state: MapScreenState): MapScreenContribution {
  const { project, credentials, style, map, beforeStyle, comparison } = state;
  const overlays = useOverlaySidebar(project, credentials, style, map, beforeStyle);
  return { ...overlays, stage: <InspectionCompare project={project} comparison={comparison} /> };
}

/** The lot's sale (finance), in its popup. */
function SaleInformationPart({ layer }: LotPopupPartProps) {
  return <SaleInformationSection layerId={layer.id} />;
}

/** What the other features add to the map screen, in this order (sidebar sections, styles, popup parts). */
export const MAP_EXTENSIONS: MapExtensions = {
  screen: [useConstructionOnMap, useOverlaysOnMap],
  lotPopup: [SaleInformationPart],
};
