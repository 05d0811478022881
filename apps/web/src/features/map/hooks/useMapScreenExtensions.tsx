import type { CollapseProps } from 'antd';
import { Fragment, type ReactNode } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import type { MapScreenExtension, MapScreenState } from '../extensions';

interface MapScreenExtended {
  sections: NonNullable<CollapseProps['items']>;
  style: StyleSpecification;
  beforeStyle: StyleSpecification;
  stage: ReactNode;
  modals: ReactNode;
}

/**
 * Runs the map screen's extensions in their order: each receives the styles the previous ones left; their
 * sections, parts over the map and modals are gathered in that order.
 */
export function useMapScreenExtensions(
  extensions: readonly MapScreenExtension[],
  state: MapScreenState,
): MapScreenExtended {
  let { style, beforeStyle } = state;
  const sections: NonNullable<CollapseProps['items']> = [];
  const stage: ReactNode[] = [];
  const modals: ReactNode[] = [];
  extensions.forEach((extension, index) => {
    const contribution = extension({ ...state, style, beforeStyle });
    style = contribution.style ?? style;
    beforeStyle = contribution.beforeStyle ?? beforeStyle;
    sections.push(...(contribution.sections ?? []));
    if (contribution.stage) stage.push(<Fragment key={index}>{contribution.stage}</Fragment>);
    if (contribution.modals) modals.push(<Fragment key={index}>{contribution.modals}</Fragment>);
  });
  return { sections, style, beforeStyle, stage, modals };
}
