import { useEffect, useRef } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import { MAP_LIMITS } from '@mirante/shared';
import { FILL_LAYER, LAYERS_SOURCE, layerFeature, showHighlight } from '../../style/layerStyles';
import type { Modifiers } from '../../model/lotSelection';
import { maplibregl, type MapInstance } from '../../engine/maplibre';
import { FIT_BOUNDS_OPTIONS } from '../../engine/fitBounds';
import { markMapChanging, trackMapReady } from '../../engine/readyMarker';
import { drawSkyOnlyWhenStyled } from '../../engine/styleSky';
import { MAP_LOCALE_PT_BR } from '../../engine/mapLocale';

/** A lot or area under the pointer. */
export interface MapPick {
  id: number;
  type: string;
}

export interface MapViewProps {
  style: StyleSpecification;
  /** [[west, south], [east, north]] fitted once, at most zoom 18 (the deepest the imagery is tiled). */
  initialBounds: [[number, number], [number, number]];
  /** The lot drawn as selected (none: null or left out). */
  selectedLotId?: number | null;
  /** Canvas cursor override (crosshair while measuring lots). */
  cursor?: string;
  onReady?(map: MapInstance): void;
  onPick?(pick: MapPick, keys: Modifiers): void;
  onHoverPick?(pick: MapPick, keys: Modifiers): void;
  onCursor?(position: { lat: number; lng: number } | null): void;
}

const keysOf = (event: MouseEvent): Modifiers => ({
  shift: event.shiftKey,
  ctrl: event.ctrlKey || event.metaKey,
});

/**
 * The map shell: one MapLibre map showing a style (built in ../style), with the hover feature-state on lots, lot
 * clicks, the cursor position and the ready signal. Every map of the app is one: the map screen's, the compared
 * 'Antes' map, the detection detail's before/after maps.
 */
export function MapView({
  style,
  initialBounds,
  selectedLotId = null,
  cursor,
  onReady,
  onPick,
  onHoverPick,
  onCursor,
}: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapInstance | null>(null);
  const callbacks = useRef({ onPick, onHoverPick, onCursor, cursor });
  const initialStyle = useRef(style);
  const initialFit = useRef(initialBounds);
  const readyRef = useRef(onReady);

  useEffect(() => {
    callbacks.current = { onPick, onHoverPick, onCursor, cursor };
    const canvas = mapRef.current?.getCanvas();
    if (canvas) canvas.style.cursor = cursor ?? '';
  }, [onPick, onHoverPick, onCursor, cursor]);

  useEffect(() => {
    if (!container.current) return;
    const map = new maplibregl.Map({
      container: container.current,
      style: initialStyle.current,
      bounds: initialFit.current,
      fitBoundsOptions: FIT_BOUNDS_OPTIONS,
      maxZoom: MAP_LIMITS.maxZoom,
      attributionControl: false,
      // No preserveDrawingBuffer (exports read the frame in `render`), no fades, a bounded tile cache.
      canvasContextAttributes: { preserveDrawingBuffer: false, antialias: false },
      fadeDuration: 0,
      maxTileCacheSize: 128,
      locale: MAP_LOCALE_PT_BR,
    });
    // Our styles have no sky: no invisible full-viewport sky pass in every frame (see styleSky).
    drawSkyOnlyWhenStyled(map);
    mapRef.current = map;
    let hovered: number | null = null;
    const setHover = (id: number | null) => {
      if (hovered !== null && map.getSource(LAYERS_SOURCE))
        map.setFeatureState(layerFeature(map, hovered), { hover: false });
      hovered = id;
      if (id !== null) map.setFeatureState(layerFeature(map, id), { hover: true });
    };
    const pickAt = (point: maplibregl.PointLike): MapPick | null => {
      if (!map.getLayer(FILL_LAYER)) return null;
      // Areas and lots share one layer; a lot is drawn over the areas under it, so it is the one picked.
      const features = map.queryRenderedFeatures(point, { layers: [FILL_LAYER] });
      const feature = features.find((candidate) => candidate.properties.type === 'LOT') ?? features[0];
      const type = feature?.properties.type;
      return typeof feature?.id === 'number' && typeof type === 'string' ? { id: feature.id, type } : null;
    };
    // Cursor updates once per frame; no hover picking while a button is down (panning 5,000 lots stays smooth).
    let cursorFrame = 0;
    let lastCursor = { lat: 0, lng: 0 };
    map.on('mousemove', (event) => {
      // While dragging the point under the pointer doesn't change: nothing to update.
      if (event.originalEvent.buttons !== 0) return;
      lastCursor = { lat: event.lngLat.lat, lng: event.lngLat.lng };
      cursorFrame ||= requestAnimationFrame(() => {
        cursorFrame = 0;
        callbacks.current.onCursor?.(lastCursor);
      });
      const pick = pickAt(event.point);
      const lotId = pick?.type === 'LOT' ? pick.id : null;
      if (lotId !== hovered) setHover(lotId);
      if (pick) callbacks.current.onHoverPick?.(pick, keysOf(event.originalEvent));
      map.getCanvas().style.cursor = callbacks.current.cursor ?? (lotId !== null ? 'pointer' : '');
    });
    map.on('mouseout', () => {
      setHover(null);
      cancelAnimationFrame(cursorFrame);
      cursorFrame = 0;
      callbacks.current.onCursor?.(null);
    });
    map.on('click', (event) => {
      const pick = pickAt(event.point);
      if (pick) callbacks.current.onPick?.(pick, keysOf(event.originalEvent));
    });
    trackMapReady(map);
    map.once('load', () => readyRef.current?.(map));
    return () => {
      cancelAnimationFrame(cursorFrame);
      mapRef.current = null;
      map.remove();
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || style === initialStyle.current) return;
    markMapChanging(map);
    map.setStyle(style);
  }, [style]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const show = (on: boolean) => showHighlight(map, 'lots-selected', on);
    if (selectedLotId === null) return show(false);
    const apply = () => {
      show(true);
      map.setFeatureState(layerFeature(map, selectedLotId), { selected: true });
    };
    if (map.isStyleLoaded()) apply();
    else map.once('idle', apply);
    return () => {
      const current = mapRef.current;
      if (current?.getSource(LAYERS_SOURCE))
        current.setFeatureState(layerFeature(current, selectedLotId), { selected: false });
    };
  }, [selectedLotId, style]);

  return <div ref={container} className="map-canvas" data-testid="map-canvas" />;
}
