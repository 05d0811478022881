import { Alert, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import {
  GEO_EXPORT_FORMAT_KEYS,
  GEO_EXPORT_FORMATS,
  GEO_EXPORT_MESSAGES,
  sirgasUtmEpsg,
  sirgasUtmName,
  WGS84_ONLY_FORMATS,
  type GeoExportCrs,
  type GeoExportFormat,
} from '@mirante/shared';
import { downloadAttachment } from '../download/download';
import { useFeedback } from '../feedback/useFeedback';
import type { GeoExportChoice } from './geoExportUrl';

export interface GeoExportModalProps {
  open: boolean;
  /** What is exported, e.g. 'Lotes e polígonos de análise'. */
  subject: string;
  /** The project's centre `[lon, lat]`: its SIRGAS 2000 / UTM zone. */
  center: readonly number[];
  href(choice: GeoExportChoice): string;
  onClose(): void;
}

/**
 * The geometry export: a format (GeoJSON, KML, zipped Shapefile, GeoPackage, DXF) and a coordinate system
 * (WGS 84 or the project's SIRGAS 2000 / UTM zone; GeoJSON and KML are WGS 84 by their standards). The file is
 * fetched so that a refusal is told, and saved under the name the server gives it (project and date).
 */
export function GeoExportModal({ open, subject, center, href, onClose }: GeoExportModalProps) {
  const message = useFeedback();
  const [format, setFormat] = useState<GeoExportFormat>('gpkg');
  const [crs, setCrs] = useState<GeoExportCrs>('utm');
  const [busy, setBusy] = useState(false);
  const epsg = sirgasUtmEpsg(center[0] ?? 0);
  const wgs84Only = WGS84_ONLY_FORMATS.includes(format);
  const effectiveCrs: GeoExportCrs = wgs84Only ? 'wgs84' : crs;

  const download = async () => {
    setBusy(true);
    try {
      await downloadAttachment(href({ format, crs: effectiveCrs }));
      onClose();
    } catch (error) {
      void message.error(
        error instanceof Error && error.message ? error.message : GEO_EXPORT_MESSAGES.failed,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="Exportar geometria"
      open={open}
      okText="Baixar"
      cancelText="Cancelar"
      confirmLoading={busy}
      onOk={() => void download()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{subject}</Typography.Paragraph>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <div>
          <Typography.Text strong id="geo-export-format">
            Formato
          </Typography.Text>
          <Radio.Group
            aria-labelledby="geo-export-format"
            name="geo-export-format"
            value={format}
            onChange={(event) => setFormat(event.target.value as GeoExportFormat)}
            style={{ display: 'flex', flexDirection: 'column', marginTop: 4 }}
            options={GEO_EXPORT_FORMAT_KEYS.map((key) => ({
              value: key,
              label: GEO_EXPORT_FORMATS[key].label,
            }))}
          />
        </div>
        <div>
          <Typography.Text strong id="geo-export-crs">
            Sistema de coordenadas
          </Typography.Text>
          <Radio.Group
            aria-labelledby="geo-export-crs"
            name="geo-export-crs"
            value={effectiveCrs}
            disabled={wgs84Only}
            onChange={(event) => setCrs(event.target.value as GeoExportCrs)}
            style={{ display: 'flex', flexDirection: 'column', marginTop: 4 }}
            options={[
              { value: 'wgs84', label: 'WGS 84 (EPSG:4326)' },
              { value: 'utm', label: `${sirgasUtmName(epsg)} (EPSG:${epsg})` },
            ]}
          />
          {wgs84Only && (
            <Typography.Text type="secondary">
              GeoJSON e KML são sempre em WGS 84, como seus padrões exigem.
            </Typography.Text>
          )}
        </div>
        <Alert
          type="info"
          showIcon
          message={`Áreas (area_m2) planas, medidas em ${sirgasUtmName(epsg)} (EPSG:${epsg}), como em levantamento topográfico.`}
        />
      </Space>
    </Modal>
  );
}
