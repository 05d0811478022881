import { useCallback, useMemo, useState } from 'react';
import type { Layer } from '@mirante/shared';
import type { MapPick } from '../components/canvas/MapView';
import { isAnalysisType } from '../detections/detectionDetail';
import { formatSquareMetres } from '../model/format';
import { clickSelect, hoverSelect, toggleMode, type EditMode, type Modifiers } from '../model/lotSelection';
import { formatDistance, geometryMeasures } from '../model/measure';
import type { MeasureTool } from './useMeasureDraw';

/** What a click or a hover on the map does: open the lot popup, measure a lot, or pick lots/blocks to rename. */
export function useMapInteractions(layers: readonly Layer[]) {
  const [tool, setToolState] = useState<MeasureTool>('none');
  const [editMode, setEditMode] = useState<EditMode>('none');
  const [picked, setPicked] = useState<number[]>([]);
  const [lotMeasure, setLotMeasure] = useState<string[]>([]);
  const [selectedLot, setSelectedLot] = useState<number | null>(null);
  /** An analysis-type area (REFO/DEFO/GAMBIRA) whose detection detail modal is open. */
  const [selectedArea, setSelectedArea] = useState<number | null>(null);
  const byId = useMemo(() => new Map(layers.map((layer) => [layer.id, layer])), [layers]);

  const candidate = useCallback(
    (pick: MapPick) => {
      const layer = byId.get(pick.id);
      return layer ? { id: layer.id, type: layer.type, hasDetection: layer.detectAllotment !== null } : null;
    },
    [byId],
  );

  const onPick = useCallback(
    (pick: MapPick, keys: Modifiers) => {
      const layer = byId.get(pick.id);
      if (!layer) return;
      if (tool === 'lote') {
        if (layer.type !== 'LOT') return;
        const { area, perimeter } = geometryMeasures(layer.geo_json);
        const title = layer.block ? `${layer.name} Quadra ${layer.block}` : layer.name;
        setLotMeasure([
          title,
          `Área: ${formatSquareMetres(area)}`,
          `Perímetro: ${formatDistance(perimeter)}`,
        ]);
        return;
      }
      if (tool !== 'none') return;
      const item = candidate(pick);
      if (editMode !== 'none' && item) return setPicked((now) => clickSelect(now, item, editMode, keys));
      if (layer.type === 'LOT') setSelectedLot(layer.id);
      else if (isAnalysisType(layer.type)) setSelectedArea(layer.id);
    },
    [byId, candidate, editMode, tool],
  );

  const onHoverPick = useCallback(
    (pick: MapPick, keys: Modifiers) => {
      if (editMode === 'none' || (!keys.ctrl && !keys.shift)) return;
      const item = candidate(pick);
      if (item)
        setPicked((now) => {
          const next = hoverSelect(now, item, editMode, keys);
          return next.length === now.length ? now : next;
        });
    },
    [candidate, editMode],
  );

  const setTool = (next: MeasureTool) => {
    setToolState(next);
    setLotMeasure([]);
    if (next !== 'none') {
      setEditMode('none');
      setPicked([]);
    }
  };
  const toggleEdit = (wanted: Exclude<EditMode, 'none'>) => {
    setEditMode((mode) => toggleMode(mode, wanted));
    setPicked([]);
    setToolState('none');
    setSelectedLot(null);
  };
  const toggleLabelEdit = () => toggleEdit('labels');
  const toggleDetectionEdit = () => toggleEdit('detections');

  return {
    tool,
    setTool,
    lotMeasure,
    editMode,
    picked,
    clearPicked: () => setPicked([]),
    toggleLabelEdit,
    toggleDetectionEdit,
    selectedLot,
    setSelectedLot,
    selectedArea,
    setSelectedArea,
    onPick,
    onHoverPick,
  };
}
