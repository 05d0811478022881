import { AimOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { Layer, Scene } from '@mirante/shared';
import {
  beforeAfterScenes,
  detectionCategory,
  externalMapsUrl,
  formatDetectionArea,
  geometryCenter,
  sideCaption,
} from '../../detections/detectionDetail';
import { DetectionMiniMap } from './DetectionMiniMap';
import '../../detections-3d.css';

export interface DetectionDetailModalProps {
  layer: Layer;
  scenes: readonly Scene[];
  shown: Scene | null;
  apiToken: string;
  onClose(): void;
}

const COLORS: Partial<Record<Layer['type'], string>> = { REFO: '#4cd964', DEFO: '#ff3b30' };

/** Detection detail of an analysis-type layer: category, area, description, before/after maps. */
export function DetectionDetailModal({ layer, scenes, shown, apiToken, onClose }: DetectionDetailModalProps) {
  const [centerSignal, setCenterSignal] = useState(0);
  const { before, after } = useMemo(() => beforeAfterScenes(layer, scenes, shown), [layer, scenes, shown]);
  const center = useMemo(() => geometryCenter(layer.geo_json), [layer.geo_json]);
  const color = layer.category_color ?? COLORS[layer.type] ?? '#ffcc00';
  return (
    <Modal open width={1000} title={layer.name} footer={null} onCancel={onClose} destroyOnHidden centered>
      <div data-testid="detection-detail">
        <Descriptions
          size="small"
          column={2}
          items={[
            { key: 'category', label: 'Categoria', children: detectionCategory(layer) },
            { key: 'area', label: 'Área', children: formatDetectionArea(layer.area) },
            // A sentence or two: its own row, so the category and the area don't wrap beside it.
            { key: 'description', label: 'Descrição', children: layer.rect ?? layer.obs ?? '—', span: 2 },
          ]}
        />
        <div className="detection-detail__maps">
          {[
            { key: 'before', label: 'Antes', scene: before, date: layer.detect_before_date },
            { key: 'after', label: 'Depois', scene: after, date: layer.detect_after_date },
          ].map((side) => (
            <DetectionMiniMap
              key={side.key}
              caption={sideCaption(side.label, side.scene, side.date)}
              scene={side.scene}
              geometry={layer.geo_json}
              color={color}
              apiToken={apiToken}
              centerSignal={centerSignal}
            />
          ))}
        </div>
        <div className="detection-detail__actions">
          <Typography.Link href={externalMapsUrl(center)} target="_blank" rel="noopener noreferrer">
            <EnvironmentOutlined aria-hidden /> {center.lat.toFixed(6)}, {center.lng.toFixed(6)}
          </Typography.Link>
          <Button icon={<AimOutlined aria-hidden />} onClick={() => setCenterSignal((n) => n + 1)}>
            Centralizar
          </Button>
        </div>
      </div>
    </Modal>
  );
}
