import { useEffect, useRef } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import { MAP_LIMITS } from '@mirante/shared';
import { LAYERS_SOURCE } from '../map/layerStyles';
import { maplibregl, type MapInstance } from '../map/maplibre';

export interface MapViewProps {
  style: StyleSpecification;
  /** [[west, south], [east, north]] fitted once, at most zoom 18 (spec 9). */
  initialBounds: [[number, number], [number, number]];
  selectedLotId: number | null;
  onReady(map: MapInstance): void;
  onLotClick(layerId: number): void;
  onCursor(position: { lat: number; lng: number } | null): void;
}

const INTERACTIVE = ['lots-fill'];

/** The MapLibre map: style, hover feature-state on lots, lot clicks, cursor position. One job: the canvas. */
export function MapView({
  style,
  initialBounds,
  selectedLotId,
  onReady,
  onLotClick,
  onCursor,
}: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapInstance | null>(null);
  const callbacks = useRef({ onLotClick, onCursor });
  const initialStyle = useRef(style);
  const initialFit = useRef(initialBounds);
  const readyRef = useRef(onReady);

  useEffect(() => {
    callbacks.current = { onLotClick, onCursor };
  }, [onLotClick, onCursor]);

  useEffect(() => {
    if (!container.current) return;
    const map = new maplibregl.Map({
      container: container.current,
      style: initialStyle.current,
      bounds: initialFit.current,
      fitBoundsOptions: { padding: 40, maxZoom: MAP_LIMITS.fitBoundsMaxZoom },
      maxZoom: MAP_LIMITS.maxZoom,
      attributionControl: false,
      canvasContextAttributes: { preserveDrawingBuffer: true },
    });
    mapRef.current = map;
    let hovered: number | null = null;
    const setHover = (id: number | null) => {
      if (hovered !== null) map.setFeatureState({ source: LAYERS_SOURCE, id: hovered }, { hover: false });
      hovered = id;
      if (id !== null) map.setFeatureState({ source: LAYERS_SOURCE, id }, { hover: true });
    };
    map.on('mousemove', (event) => {
      callbacks.current.onCursor({ lat: event.lngLat.lat, lng: event.lngLat.lng });
      const feature = map.getLayer('lots-fill')
        ? map.queryRenderedFeatures(event.point, { layers: INTERACTIVE })[0]
        : undefined;
      const id = typeof feature?.id === 'number' ? feature.id : null;
      if (id !== hovered) setHover(id);
      map.getCanvas().style.cursor = id !== null ? 'pointer' : '';
    });
    map.on('mouseout', () => {
      setHover(null);
      callbacks.current.onCursor(null);
    });
    map.on('click', (event) => {
      if (!map.getLayer('lots-fill')) return;
      const feature = map.queryRenderedFeatures(event.point, { layers: INTERACTIVE })[0];
      if (typeof feature?.id === 'number') callbacks.current.onLotClick(feature.id);
    });
    map.once('load', () => readyRef.current(map));
    return () => {
      mapRef.current = null;
      map.remove();
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (map && style !== initialStyle.current) map.setStyle(style);
  }, [style]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || selectedLotId === null) return;
    const apply = () => map.setFeatureState({ source: LAYERS_SOURCE, id: selectedLotId }, { selected: true });
    if (map.isStyleLoaded()) apply();
    else map.once('idle', apply);
    return () => {
      if (mapRef.current?.getSource(LAYERS_SOURCE))
        mapRef.current.setFeatureState({ source: LAYERS_SOURCE, id: selectedLotId }, { selected: false });
    };
  }, [selectedLotId, style]);

  return <div ref={container} className="map-canvas" data-testid="map-canvas" />;
}
