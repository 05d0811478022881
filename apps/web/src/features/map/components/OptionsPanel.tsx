import { Tabs } from 'antd';
import type { ReactNode } from 'react';

export interface OptionsPanelProps {
  details: ReactNode;
  images: ReactNode;
  layers: ReactNode;
  header: ReactNode;
}

/** The side options panel (25em) with tabs Detalhes / Imagens / Camadas. */
export function OptionsPanel({ details, images, layers, header }: OptionsPanelProps) {
  return (
    <aside className="map-options" data-testid="map-options">
      <div className="map-options__header">{header}</div>
      <Tabs
        defaultActiveKey="imagens"
        className="map-options__tabs"
        items={[
          { key: 'detalhes', label: 'Detalhes', children: details },
          { key: 'imagens', label: 'Imagens', children: images },
          { key: 'camadas', label: 'Camadas', children: layers },
        ]}
      />
    </aside>
  );
}
