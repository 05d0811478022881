import { useMemo } from 'react';
import type { CollapseProps } from 'antd';
import type { StyleSpecification } from 'maplibre-gl';
import { hasModule, type Credentials, type Project } from '@mirante/shared';
import { OverlaySidebarSection } from '../components/OverlaySidebarSection';
import { withOverlays } from '../map/overlayStyle';
import { useMapOverlays } from './useMapOverlays';
import { useOverlayLoadFailures } from './useOverlayLoadFailures';
import type { MapInstance } from '../../map/engine/maplibre';

/**
 * The overlays part of the construction map screen: its sidebar section, the map style and the compared
 * 'Antes' map's style with the shown plans, and which of them the map could not load. Other projects, and users
 * without construction.overlays, get the styles unchanged and no section.
 */
export function useOverlaySidebar(
  project: Pick<Project, 'id' | 'projectType'>,
  credentials: Credentials,
  style: StyleSpecification,
  map: MapInstance | null,
  beforeStyle: StyleSpecification,
): {
  style: StyleSpecification;
  beforeStyle: StyleSpecification;
  sections: NonNullable<CollapseProps['items']>;
} {
  const enabled = project.projectType === 'CONSTRUCTION' && hasModule(credentials, 'construction.overlays');
  const overlays = useMapOverlays(project.id, credentials.id, credentials.api_token, enabled);
  const shownIds = useMemo(() => overlays.shown.map((overlay) => Number(overlay.id)), [overlays.shown]);
  const loading = useOverlayLoadFailures(map, shownIds);
  const shownStyle = useMemo(() => withOverlays(style, overlays.shown), [style, overlays.shown]);
  const shownBeforeStyle = useMemo(
    () => withOverlays(beforeStyle, overlays.shown),
    [beforeStyle, overlays.shown],
  );
  const sections = enabled
    ? [
        {
          key: 'sobreposicoes',
          label: 'Sobreposições',
          children: <OverlaySidebarSection projectId={project.id} overlays={overlays} loading={loading} />,
        },
      ]
    : [];
  return { style: shownStyle, beforeStyle: shownBeforeStyle, sections };
}
