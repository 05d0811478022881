import { useMemo } from 'react';
import type { CollapseProps } from 'antd';
import type { StyleSpecification } from 'maplibre-gl';
import type { Credentials, Project } from '@mirante/shared';
import { hasModule } from '../../shell/access';
import { OverlaySidebarSection } from '../components/OverlaySidebarSection';
import { withOverlays } from '../map/overlayStyle';
import { useMapOverlays } from './useMapOverlays';

/**
 * The overlays part of the construction map screen: its sidebar section (spec 2.3) and the map style with the
 * shown plans. Other projects, and users without construction.overlays, get the style unchanged and no section.
 */
export function useOverlaySidebar(
  project: Pick<Project, 'id' | 'projectType'>,
  credentials: Credentials,
  style: StyleSpecification,
): { style: StyleSpecification; sections: NonNullable<CollapseProps['items']> } {
  const enabled = project.projectType === 'CONSTRUCTION' && hasModule(credentials, 'construction.overlays');
  const overlays = useMapOverlays(project.id, credentials.id, credentials.api_token, enabled);
  const shownStyle = useMemo(() => withOverlays(style, overlays.shown), [style, overlays.shown]);
  const sections = enabled
    ? [
        {
          key: 'sobreposicoes',
          label: 'Sobreposições',
          children: <OverlaySidebarSection projectId={project.id} overlays={overlays} />,
        },
      ]
    : [];
  return { style: shownStyle, sections };
}
