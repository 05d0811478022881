import { DownloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { MenuDropdown } from '../../../../shared/ui/MenuDropdown';
import { useFeedback } from '../../../../shared/feedback/useFeedback';
import { displayLocalDate, MAP_MESSAGES, type Scene } from '@mirante/shared';
import type { ExportLabels } from '../../export/exportLabels';
import { downloadBlob, downloadUrl } from '../../../../shared/download/download';
import { mapPdf, mapPng } from '../../export/exportMap';
import type { MapInstance } from '../../engine/maplibre';
import { GeoExportModal } from '../../../../shared/geo-export/GeoExportModal';
import { layersGeoExportHref } from '../../../../shared/geo-export/geoExportUrl';

export interface ExportMenuProps {
  map: MapInstance;
  title: string;
  scene: Scene | null;
  apiToken: string;
  labels: ExportLabels;
  /** The project whose lots and analysis polygons 'Exportar geometria' downloads. */
  project: { id: number; center: readonly number[] };
}

/**
 * Export menu (labels as on screen): PNG ('mapa.png'), PDF (landscape, title, date, scale, legend), the scene's
 * original image, and the geometry of the lots and analysis polygons (GeoJSON, KML, Shapefile, GeoPackage, DXF).
 */
export function ExportMenu({ map, title, scene, apiToken, labels, project }: ExportMenuProps) {
  const message = useFeedback();
  const [geometryOpen, setGeometryOpen] = useState(false);
  const date = scene?.dateFormatted ?? displayLocalDate(new Date());
  const run = async (key: string) => {
    try {
      if (key === 'geometry') setGeometryOpen(true);
      if (key === 'png') downloadBlob(await mapPng(map, labels), 'mapa.png');
      if (key === 'pdf') downloadBlob(await mapPdf(map, { title, date, labels }), 'mapa.pdf');
      if (key === 'original' && scene) {
        const separator = scene.originalUrl.includes('?') ? '&' : '?';
        downloadUrl(`${scene.originalUrl}${separator}api_token=${encodeURIComponent(apiToken)}`);
      }
    } catch {
      void message.error(MAP_MESSAGES.appError);
    }
  };
  return (
    <div className="map-tool-group">
      <MenuDropdown
        placement="bottomRight"
        menu={{
          onClick: ({ key }) => void run(key),
          items: [
            { key: 'png', label: 'Exportar PNG' },
            { key: 'pdf', label: 'Exportar PDF' },
            { key: 'original', label: 'Baixar imagem original', disabled: !scene },
            { type: 'divider' },
            { key: 'geometry', label: 'Exportar geometria (GeoJSON, KML, SHP, GPKG, DXF)' },
          ],
        }}
      >
        <Tooltip title="Exportar" placement="left">
          <Button aria-label="Exportar" icon={<DownloadOutlined aria-hidden />} />
        </Tooltip>
      </MenuDropdown>
      <GeoExportModal
        open={geometryOpen}
        subject="Lotes (com a situação mais recente, data e confiança) e polígonos das análises ambientais."
        center={project.center}
        href={(choice) => layersGeoExportHref(project.id, choice)}
        onClose={() => setGeometryOpen(false)}
      />
    </div>
  );
}
