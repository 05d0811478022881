import { useEffect, useState } from 'react';
import {
  TerraDraw,
  TerraDrawLineStringMode,
  TerraDrawPolygonMode,
  ValidateNotSelfIntersecting,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { MapInstance } from '../engine/maplibre';
import { formatDistance, lineLength, ringMeasures } from '../model/measure';
import { formatSquareMetres } from '../model/format';

export type MeasureTool = 'none' | 'lote' | 'distancia' | 'area';

const LINE_STYLE = { lineStringColor: '#ffd400', lineStringWidth: 3 } as const;
const POLYGON_STYLE = {
  fillColor: '#ffd400',
  fillOpacity: 0.25,
  outlineColor: '#ffd400',
  outlineWidth: 3,
} as const;

type Position = [number, number];

/** The text of a drawn measure: distance for lines, area and perimeter for polygons. */
export function describeDrawing(feature: GeoJSONStoreFeatures): string | null {
  const geometry = feature.geometry;
  if (geometry.type === 'LineString') {
    const length = lineLength(geometry.coordinates as Position[]);
    return length > 0 ? `Distância: ${formatDistance(length)}` : null;
  }
  if (geometry.type === 'Polygon') {
    const { area, perimeter } = ringMeasures((geometry.coordinates[0] ?? []) as Position[]);
    return area > 0 ? `Área: ${formatSquareMetres(area)} · Perímetro: ${formatDistance(perimeter)}` : null;
  }
  return null;
}

/**
 * Terra Draw on the map while measuring distance (line) or area (polygon, never self-intersecting): returns the
 * live measure of the latest drawing. Click adds a vertex; click the last (or first) point to finish. After a
 * style change (map type, scene, layers) drawing starts over.
 */
export function useMeasureDraw(map: MapInstance | null, tool: MeasureTool, styleKey: unknown): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!map || (tool !== 'distancia' && tool !== 'area')) return;
    // A new style drops Terra Draw's sources: start again on it (styleKey is in the dependencies).
    void styleKey;
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawLineStringMode({ styles: LINE_STYLE }),
        new TerraDrawPolygonMode({
          styles: POLYGON_STYLE,
          validation: (feature, { updateType }) =>
            updateType === 'finish' || updateType === 'commit'
              ? ValidateNotSelfIntersecting(feature)
              : { valid: true },
        }),
      ],
    });
    draw.start();
    draw.setMode(tool === 'distancia' ? 'linestring' : 'polygon');
    const update = () => {
      const features = draw.getSnapshot().filter((feature) => feature.geometry.type !== 'Point');
      const last = features[features.length - 1];
      setText(last ? describeDrawing(last) : null);
    };
    draw.on('change', update);
    draw.on('finish', update);
    return () => {
      draw.stop();
      setText(null);
    };
  }, [map, tool, styleKey]);
  return tool === 'distancia' || tool === 'area' ? text : null;
}
