import { useCallback, useMemo, useState } from 'react';
import { LAYER_TYPES, type Layer, type LayerType } from '@mirante/shared';

/**
 * The layer types the project has (with their counts) and those shown: at first every type but those whose layers
 * start hidden, then the person's choice in Camadas.
 */
export function useLayerVisibility(layers: readonly Layer[]) {
  const [hiddenTypes, setHiddenTypes] = useState<LayerType[] | null>(null);
  const available = useMemo(() => {
    const counts = new Map<LayerType, number>();
    for (const layer of layers) counts.set(layer.type, (counts.get(layer.type) ?? 0) + 1);
    return LAYER_TYPES.filter((type) => counts.has(type)).map((type) => ({
      type,
      count: counts.get(type) ?? 0,
    }));
  }, [layers]);
  const initiallyHidden = useMemo(
    () => [...new Set(layers.filter((layer) => !layer.start_visible).map((layer) => layer.type))],
    [layers],
  );
  const hidden = hiddenTypes ?? initiallyHidden;
  const visibleTypes = useMemo(
    () => available.map((item) => item.type).filter((type) => !hidden.includes(type)),
    [available, hidden],
  );
  const showTypes = useCallback(
    (shown: readonly LayerType[]) =>
      setHiddenTypes(available.map((item) => item.type).filter((type) => !shown.includes(type))),
    [available],
  );
  return { available, visibleTypes, showTypes };
}
