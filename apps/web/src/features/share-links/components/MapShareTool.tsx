import { useMemo } from 'react';
import { managesProjects, type Layer, type Role, type Scene } from '@mirante/shared';
import type { ShareStart } from '../shareDefaults';
import { ShareButton } from './ShareButton';

export interface MapShareToolProps {
  role: Role;
  project: { id: number; name: string };
  scenes: readonly Scene[];
  layers: readonly Layer[];
  shownDate: string | null;
  compared: ShareStart['compared'];
  lotId: number | null;
}

/** Lot names in natural order ('2' before '10'). */
const LOT_NAME_ORDER = new Intl.Collator('pt-BR', { numeric: true });

/** The map's 'Compartilhar' for ADMINs and MANAGERs, starting from what the map shows; nothing for a USER. */
export function MapShareTool({
  role,
  project,
  scenes,
  layers,
  shownDate,
  compared,
  lotId,
}: MapShareToolProps) {
  const published = useMemo(
    () =>
      scenes
        .filter((scene) => scene.publishImage && scene.status === 'ready')
        .map((scene) => ({ isoDate: scene.isoDate, dateFormatted: scene.dateFormatted }))
        .sort((a, b) => a.isoDate.localeCompare(b.isoDate)),
    [scenes],
  );
  const manages = managesProjects({ role });
  // Only for those who may share; one collator for the whole sort (localeCompare with a locale builds one per
  // comparison: ~1.4 s for 5,000 lots on a busy machine).
  const lots = useMemo(
    () =>
      manages
        ? layers
            .filter((layer) => layer.type === 'LOT')
            .map((layer) => ({ id: layer.id, name: layer.name, block: layer.block }))
            .sort((a, b) => LOT_NAME_ORDER.compare(a.name, b.name))
        : [],
    [layers, manages],
  );
  if (!manages) return null;
  return (
    <ShareButton
      projectId={project.id}
      projectName={project.name}
      scenes={published}
      lots={lots}
      start={{ date: shownDate, compared, lotId }}
    />
  );
}
