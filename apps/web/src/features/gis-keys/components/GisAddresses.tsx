import { Collapse } from 'antd';
import { gisUrls } from '../gisUrls';
import { GIS_KEY_TEXTS } from '../texts';
import { CopyField } from './CopyField';
import { QgisSteps } from './QgisSteps';

/** The selected project's WMTS and OGC API addresses, and the steps to add them to QGIS (the in-app help). */
export function GisAddresses({ projectId, projectName }: { projectId: number; projectName: string }) {
  const urls = gisUrls(window.location.origin, projectId);
  return (
    <section className="gis-keys__addresses" aria-label={GIS_KEY_TEXTS.addressesTitle}>
      <h2 className="gis-keys__heading">
        {GIS_KEY_TEXTS.addressesTitle}: {projectName}
      </h2>
      <p className="page-card__intro">{GIS_KEY_TEXTS.addressesIntro}</p>
      <div className="gis-keys__field">
        {GIS_KEY_TEXTS.wmtsLabel}
        <CopyField label="Endereço WMTS" value={urls.wmts} />
      </div>
      <div className="gis-keys__field">
        {GIS_KEY_TEXTS.featuresLabel}
        <CopyField label="Endereço OGC API – Features" value={urls.features} />
      </div>
      <Collapse
        size="small"
        items={[
          {
            key: 'qgis',
            label: GIS_KEY_TEXTS.helpTitle,
            children: <QgisSteps />,
          },
        ]}
      />
    </section>
  );
}
