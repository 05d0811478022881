import { Alert, Descriptions, Modal, Spin, Tabs, notification } from 'antd';
import {
  INFORMATION_MESSAGES,
  detectionName,
  lotOfName,
  MESSAGES,
  type InformationDetail,
} from '@mirante/shared';
import { ApiError } from '../../../shared/api/ApiError';
import { useInformation, useUpdateInformation } from '../api';
import { formatDate, orDash } from '../model/format';
import { AlertTags } from './AlertTags';
import { InformationForm, formValuesOf, updateBodyOf, type InformationFormValues } from './InformationForm';
import { InformationHistory } from './InformationHistory';
import { SaleInformationDetails } from './SaleInformationDetails';
// the form's grid also where the dialog opens outside the portfolio (the map popup, the admin panel)
import '../finance.css';

/** 'Lote 12 Quadra A' (the map screens lot title). */
const lotTitle = (detail: InformationDetail) =>
  `Lote ${lotOfName(detail.information.name)} Quadra ${detail.information.block ?? 'S\\N'}`;

/**
 * The lot information dialog: the lot, its alerts, its sale information (an editable form with
 * the limits of the validation rules for whoever holds the finance module) and the history of changes. Width 1000.
 */
export function InformationDialog({ layerId, onClose }: { layerId: number | null; onClose(): void }) {
  const query = useInformation(layerId);
  const update = useUpdateInformation();
  const detail = query.data;

  const save = async (values: InformationFormValues) => {
    if (!detail) return;
    try {
      await update.mutateAsync(updateBodyOf(detail.information.layer_id, values, detail.canSeeValues));
      notification.success({ message: INFORMATION_MESSAGES.updateSucceeded });
    } catch (error) {
      notification.error({
        message: INFORMATION_MESSAGES.updateFailed,
        description: error instanceof ApiError ? error.message : INFORMATION_MESSAGES.updateFailedFallback,
      });
    }
  };

  return (
    <Modal
      open={layerId !== null}
      onCancel={onClose}
      footer={null}
      width={1000}
      destroyOnHidden
      title={detail ? lotTitle(detail) : 'Lote'}
      data-testid="information-dialog"
    >
      {query.isPending && <Spin />}
      {query.isError && (
        <Alert
          type="error"
          message={query.error instanceof ApiError ? query.error.message : MESSAGES.defaultRequestError}
        />
      )}
      {detail && (
        <>
          <Descriptions
            size="small"
            column={3}
            items={[
              { key: 'name', label: 'Nome', children: detail.information.name },
              { key: 'block', label: 'Quadra', children: orDash(detail.information.block) },
              { key: 'stage', label: 'Etapa', children: orDash(detail.information.stage) },
              { key: 'code', label: 'Código do lote', children: orDash(detail.information.codigo_lote) },
              {
                key: 'detection',
                label: 'Última detecção',
                children: detail.information.ult_deteccao
                  ? `${detectionName(detail.information.ult_deteccao)} (${formatDate(detail.information.ult_deteccao_data)})`
                  : '—',
              },
              {
                key: 'obs',
                label: 'Observações',
                children: <span className="information-obs">{orDash(detail.information.obs)}</span>,
              },
            ]}
          />
          <AlertTags alerts={detail.information.alertas} />
          <Tabs
            items={[
              {
                key: 'sale',
                label: 'Informações de venda',
                children: detail.canEdit ? (
                  <InformationForm
                    key={detail.history.length}
                    initial={formValuesOf(detail.information)}
                    withValues={detail.canSeeValues}
                    saving={update.isPending}
                    onSave={(values) => void save(values)}
                  />
                ) : (
                  <SaleInformationDetails row={detail.information} withValues={detail.canSeeValues} />
                ),
              },
              {
                key: 'history',
                label: `Histórico de alterações (${detail.history.length})`,
                children: <InformationHistory history={detail.history} />,
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
