import type { GisUrls } from '../gisUrls';
import { GIS_KEY_TEXTS } from '../texts';
import { CopyField } from './CopyField';

/** A project's WMTS and OGC API – Features addresses, each with its copy button. */
export function GisAddressFields({ urls }: { urls: GisUrls }) {
  return (
    <>
      <div className="gis-keys__field">
        {GIS_KEY_TEXTS.wmtsLabel}
        <CopyField label="Endereço WMTS" value={urls.wmts} />
      </div>
      <div className="gis-keys__field">
        {GIS_KEY_TEXTS.featuresLabel}
        <CopyField label="Endereço OGC API – Features" value={urls.features} />
      </div>
    </>
  );
}
