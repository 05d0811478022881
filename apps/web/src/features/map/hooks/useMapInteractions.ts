import { useCallback, useMemo, useState } from 'react';
import type { Layer } from '@mirante/shared';
import type { MapPick } from '../components/canvas/MapView';
import { isAnalysisType } from '../detections/detectionDetail';
import { formatSquareMetres } from '../model/format';
import type { LotStatusOnDate } from '../model/comparisonVerdict';
import {
  canSelect,
  clickSelect,
  hoverSelect,
  needsShift,
  toggleMode,
  type EditMode,
  type Modifiers,
} from '../model/lotSelection';
import { formatDistance, geometryMeasures } from '../model/measure';
import type { MeasureTool } from './useMeasureDraw';

/** The analysis whose detection types an edit would change: the shown scene's date and each lot's status. */
export interface EditedAnalysis {
  date: string | null;
  statusOn(side: 'shown', lotId: number): LotStatusOnDate;
}

/** A lot's type in the analysis of `date` (its status dated that day), 'X' Nenhuma counting as none. */
function typedOn(status: LotStatusOnDate, date: string | null): boolean {
  if (!status || status.detect_type === 'X') return false;
  return date === null || status.date.slice(0, 10) === date.slice(0, 10);
}

/** What a click or a hover on the map does: open the lot popup, measure a lot, or pick lots/blocks to rename. */
export function useMapInteractions(layers: readonly Layer[], analysis: EditedAnalysis) {
  const [tool, setToolState] = useState<MeasureTool>('none');
  const [editMode, setEditMode] = useState<EditMode>('none');
  const [picked, setPicked] = useState<number[]>([]);
  /** The lot a plain click could not select because it takes Shift: the edit bar says so until it is picked. */
  const [refusedId, setRefusedId] = useState<number | null>(null);
  const [lotMeasure, setLotMeasure] = useState<string[]>([]);
  const [selectedLot, setSelectedLot] = useState<number | null>(null);
  /** An analysis-type area (REFO/DEFO/GAMBIRA) whose detection detail modal is open. */
  const [selectedArea, setSelectedArea] = useState<number | null>(null);
  const { date: analysisDate, statusOn } = analysis;
  const byId = useMemo(() => new Map(layers.map((layer) => [layer.id, layer])), [layers]);

  const candidate = useCallback(
    (pick: MapPick) => {
      const layer = byId.get(pick.id);
      if (!layer) return null;
      const status = statusOn('shown', layer.id) ?? layer.detectAllotment;
      return { id: layer.id, type: layer.type, hasDetection: typedOn(status, analysisDate) };
    },
    [byId, analysisDate, statusOn],
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
      if (editMode !== 'none' && item) {
        const refused = !picked.includes(item.id) && !canSelect(item, editMode, keys);
        setRefusedId(refused && needsShift(item, editMode) ? item.id : null);
        return setPicked((now) => clickSelect(now, item, editMode, keys));
      }
      if (layer.type === 'LOT') setSelectedLot(layer.id);
      else if (isAnalysisType(layer.type)) setSelectedArea(layer.id);
    },
    [byId, candidate, editMode, tool, picked],
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
    setRefusedId(null);
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
    shiftHint: refusedId !== null && !picked.includes(refusedId),
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
