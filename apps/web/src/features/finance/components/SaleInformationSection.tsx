import { Button, Divider } from 'antd';
import { useState } from 'react';
import { useInformation } from '../api';
import { AlertTags } from './AlertTags';
import { InformationDialog } from './InformationDialog';
import { SaleInformationDetails } from './SaleInformationDetails';

/**
 * The lot popup's 'Informações de venda' section on the map (the entities and their fields "Sale information"; values only with the
 * finance module). Nothing shows when the lot's information can't be read (e.g. no module for it).
 */
export function SaleInformationSection({ layerId }: { layerId: number }) {
  const query = useInformation(layerId);
  const [editing, setEditing] = useState(false);
  if (!query.data) return null;
  const detail = query.data;
  return (
    <div data-testid="lot-popup-sale">
      <Divider titlePlacement="start" size="small">
        Informações de venda
      </Divider>
      <AlertTags alerts={detail.information.alertas} />
      <SaleInformationDetails row={detail.information} withValues={detail.canSeeValues} />
      {detail.canEdit && (
        <Button size="small" onClick={() => setEditing(true)} style={{ marginTop: 8 }}>
          Editar informações
        </Button>
      )}
      {editing && <InformationDialog layerId={layerId} onClose={() => setEditing(false)} />}
    </div>
  );
}
