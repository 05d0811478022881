import { Alert, Button, Modal } from 'antd';
import type { CreatedGisKey } from '@mirante/shared';
import { gisUrls } from '../gisUrls';
import { GIS_KEY_TEXTS } from '../texts';
import { CopyField } from './CopyField';

/** The new key, shown the one time the server returns it, with the project's addresses that carry it. */
export function CreatedGisKeyModal({
  created,
  projectId,
  onClose,
}: {
  created: CreatedGisKey | null;
  projectId: number;
  onClose(): void;
}) {
  const urls = created ? gisUrls(window.location.origin, projectId, created.key) : null;
  return (
    <Modal
      open={created !== null}
      title="Chave criada"
      onCancel={onClose}
      footer={<Button onClick={onClose}>Concluído</Button>}
      destroyOnHidden
      width={640}
    >
      {created && urls && (
        <div className="gis-keys__created">
          <Alert type="warning" showIcon title={GIS_KEY_TEXTS.copyNow} />
          <div className="gis-keys__field">
            <strong>{created.name}</strong>
            <CopyField label="Chave de acesso" value={created.key} />
          </div>
          <div className="gis-keys__field">
            WMTS (imagens) com a chave
            <CopyField label="Endereço WMTS com a chave" value={urls.wmts} />
          </div>
          <div className="gis-keys__field">
            OGC API – Features (camadas) com a chave
            <CopyField label="Endereço OGC API com a chave" value={urls.features} />
          </div>
        </div>
      )}
    </Modal>
  );
}
