import type { LegendSection } from '../../style/legendSections';

/** The map's legend: one titled section per coloured family on the map (lot statuses, analyses). */
export function MapLegend({ sections }: { sections: readonly LegendSection[] }) {
  if (sections.length === 0) return null;
  return (
    <div className="map-legend" data-testid="map-legend">
      {sections.map((section) => (
        <div key={section.title} className="map-legend__section" role="group" aria-label={section.title}>
          <span className="map-legend__title">{section.title}</span>
          {section.items.map((item) => (
            <span key={item.key} className="map-legend__item">
              {item.dashed ? (
                <i className="map-legend__dashed" style={{ borderColor: item.color }} />
              ) : (
                <i style={{ background: item.color }} />
              )}
              {item.name}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}
