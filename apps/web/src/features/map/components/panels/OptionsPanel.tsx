import { Collapse, Tabs, type CollapseProps } from 'antd';
import type { ReactNode } from 'react';

export interface OptionsPanelProps {
  details: ReactNode;
  images: ReactNode;
  layers: ReactNode;
  header: ReactNode;
  /** The map screens: construction projects get a sidebar of sections instead of tabs. */
  layout: 'tabs' | 'sidebar';
  /** Extra sections of the construction sidebar (inspections, notes…), shown first. */
  sections?: NonNullable<CollapseProps['items']>;
}

/**
 * The side options panel (25em): tabs Detalhes / Imagens / Camadas, or for construction projects a sidebar
 * whose sections open side by side (images and layers visible together while inspecting a site).
 */
export function OptionsPanel({ details, images, layers, header, layout, sections = [] }: OptionsPanelProps) {
  return (
    <aside className="map-options" data-testid="map-options">
      <div className="map-options__header">{header}</div>
      {layout === 'tabs' ? (
        <Tabs
          defaultActiveKey="imagens"
          className="map-options__tabs"
          items={[
            { key: 'detalhes', label: 'Detalhes', children: details },
            { key: 'imagens', label: 'Imagens', children: images },
            { key: 'camadas', label: 'Camadas', children: layers },
          ]}
        />
      ) : (
        <Collapse
          ghost
          size="small"
          className="map-options__sidebar"
          data-testid="map-sidebar"
          defaultActiveKey={['imagens', ...sections.map((section) => String(section.key))]}
          items={[
            ...sections,
            { key: 'imagens', label: 'Imagens', children: images },
            { key: 'camadas', label: 'Camadas', children: layers },
            { key: 'detalhes', label: 'Detalhes do projeto', children: details },
          ]}
        />
      )}
    </aside>
  );
}
