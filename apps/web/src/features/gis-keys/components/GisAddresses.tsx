import { Collapse } from 'antd';
import { gisUrls } from '../gisUrls';
import { GIS_KEY_TEXTS } from '../texts';
import { GisAddressFields } from './GisAddressFields';
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
      <GisAddressFields urls={urls} />
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
