import type { CollapseProps } from 'antd';
import { createContext, type ComponentType, type ReactNode } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import type { Credentials, Layer, Project } from '@mirante/shared';
import type { MapInstance } from './engine/maplibre';
import type { Comparison } from './hooks/useComparison';

/**
 * The map screen's extension points: what other features add to it (sidebar sections, the map's style, parts
 * over the map, modals, parts of the lot popup) without the map importing them. The app's composition point
 * (`app/map/`) lists them and hands them to `MapScreen`.
 */

/** What the map screen hands each extension on every render. */
export interface MapScreenState {
  project: Project;
  credentials: Credentials;
  map: MapInstance | null;
  comparison: Comparison;
  /** The map's style and the compared 'Antes' map's, as the extensions listed before this one left them. */
  style: StyleSpecification;
  beforeStyle: StyleSpecification;
}

/** What one extension adds to the map screen. */
export interface MapScreenContribution {
  /** Sections of the options panel's sidebar, after those of the extensions listed before. */
  sections?: NonNullable<CollapseProps['items']>;
  /** Replaces the map's style (e.g. with layers added); the next extension receives it. */
  style?: StyleSpecification;
  /** Replaces the compared 'Antes' map's style. */
  beforeStyle?: StyleSpecification;
  /** Shown over the map, just above the map canvas (e.g. a comparison picker). */
  stage?: ReactNode;
  /** The modals its sections open. */
  modals?: ReactNode;
}

/**
 * A hook the map screen calls on every render, in the listed order (the list is fixed when the app is built,
 * so the hooks inside run in the same order every time).
 */
export type MapScreenExtension = (state: MapScreenState) => MapScreenContribution;

export interface LotPopupPartProps {
  layer: Layer;
  apiToken: string;
}

export interface MapExtensions {
  screen: readonly MapScreenExtension[];
  /** Parts of the lot popup, shown after the lot's details. */
  lotPopup: readonly ComponentType<LotPopupPartProps>[];
}

export const NO_MAP_EXTENSIONS: MapExtensions = { screen: [], lotPopup: [] };

/** The extensions of the map screen being shown, for the lot popup it opens. */
export const MapExtensionsContext = createContext<MapExtensions>(NO_MAP_EXTENSIONS);
