import type { CollapseProps } from 'antd';
import { isAdmin, type LayerType, type Project, type Role, type Scene } from '@mirante/shared';
import type { Comparison } from '../../hooks/useComparison';
import type { MapType } from '../../style/layerStyles';
import { ImagesPanel } from './ImagesPanel';
import { LayersTab, type ReviewFilter } from './LayersTab';
import { MapTypeSwitch } from './MapTypeSwitch';
import { OptionsPanel } from './OptionsPanel';
import { ProjectDetailsTab } from './ProjectDetailsTab';
import { RotateSlider } from './RotateSlider';

export interface MapOptionsProps {
  project: Project;
  role: Role;
  apiToken: string;
  mapType: MapType;
  onMapType(value: MapType): void;
  scenes: readonly Scene[];
  scenesFailed: boolean;
  scene: Scene | null;
  comparison: Comparison;
  layers: {
    available: readonly { type: LayerType; count: number }[];
    visible: readonly LayerType[];
    onChange(visible: LayerType[]): void;
  };
  labels: { lots: boolean; blocks: boolean };
  onLabelsChange(labels: { lots: boolean; blocks: boolean }): void;
  review: ReviewFilter;
  bearing: number;
  onRotate(value: number): void;
  /** Sections other features add to the construction sidebar. */
  sections?: NonNullable<CollapseProps['items']>;
}

/** The map screen's options: map type, then Detalhes / Imagens / Camadas (a sidebar for construction projects). */
export function MapOptions(props: MapOptionsProps) {
  const { project, role, apiToken, scenes, comparison, layers, labels } = props;
  return (
    <OptionsPanel
      layout={project.projectType === 'CONSTRUCTION' ? 'sidebar' : 'tabs'}
      sections={props.sections}
      header={<MapTypeSwitch value={props.mapType} onChange={props.onMapType} />}
      details={<ProjectDetailsTab project={project} role={role} />}
      images={
        <ImagesPanel
          projectId={project.id}
          scenes={scenes}
          scenesFailed={props.scenesFailed}
          scene={props.scene}
          comparison={comparison}
          isAdmin={isAdmin({ role })}
          apiToken={apiToken}
          mapType={props.mapType}
          onMapType={props.onMapType}
        />
      }
      layers={
        <>
          <LayersTab
            available={layers.available}
            visible={layers.visible}
            onChange={layers.onChange}
            labels={labels}
            onLabelsChange={props.onLabelsChange}
            review={props.review}
          />
          <RotateSlider value={props.bearing} onChange={props.onRotate} />
        </>
      }
    />
  );
}
