import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BaseMap } from '@mirante/shared';
import type { StyleSpecification } from 'maplibre-gl';
import { useBaseMaps } from '../api';
import { baseMapPart, type BaseMapPart } from '../style/baseMapStyle';
import type { MapType } from '../style/layerStyles';

/** A configured MapLibre style, read from its (external) server once per session. */
async function fetchStyle(url: string): Promise<StyleSpecification> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return (await response.json()) as StyleSpecification;
}

/**
 * The base map under this map type: the street one under 'Mapa', the satellite one under 'Satélite', none under
 * 'S/ imagem' or when not configured. A style that fails to load leaves the map without it (never blank).
 */
export function useBaseMapPart(mapType: MapType): BaseMapPart | null {
  const maps = useBaseMaps();
  const base: BaseMap | null =
    mapType === 'mapa'
      ? (maps.data?.street ?? null)
      : mapType === 'satelite'
        ? (maps.data?.satellite ?? null)
        : null;
  const styleUrl = base?.kind === 'style' ? base.url : null;
  const style = useQuery({
    queryKey: ['map', 'base-style', styleUrl] as const,
    queryFn: () => fetchStyle(styleUrl ?? ''),
    enabled: styleUrl !== null,
    staleTime: Infinity,
    retry: 1,
  });
  // One object per base map and loaded style: the map's style is rebuilt only when they change.
  return useMemo(() => (base ? baseMapPart(base, style.data ?? null) : null), [base, style.data]);
}
