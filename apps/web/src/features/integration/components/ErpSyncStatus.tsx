import { Alert, Button } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { ERP_NAMES, INTEGRATION_MESSAGES, type Erp, type SyncRuns } from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useSyncNow } from '../api';
import { reasonOf } from '../model/reasonOf';
import { dateTimeText, firstFinishedAt } from '../model/syncRuns';

/**
 * Above each wizard: where this ERP's integration stands. Once the wizard is completed the first synchronisation
 * runs at once; 'up to 24 hours' until it finished, then when it did, and the latest one.
 */
export function ErpSyncStatus({ erp, syncRuns }: { erp: Erp; syncRuns: SyncRuns }) {
  const feedback = useFeedback();
  const syncNow = useSyncNow(erp);
  const status = syncRuns.status.find((item) => item.erp === erp);
  if (!status?.completed_at) return null;
  const first = firstFinishedAt(syncRuns.runs, erp);
  const lines = [
    first
      ? `A primeira sincronização com o ${ERP_NAMES[erp]} terminou em ${dateTimeText(first)}.`
      : `${INTEGRATION_MESSAGES.takesUpTo24h} A primeira sincronização está em andamento.`,
  ];
  if (status.last_finished_at && status.last_finished_at !== first)
    lines.push(`Última sincronização: ${dateTimeText(status.last_finished_at)}.`);
  if (status.next_run_at) lines.push(`Próxima: ${dateTimeText(status.next_run_at)}.`);

  return (
    <Alert
      className="integration-sync-status"
      type={first ? 'success' : 'info'}
      showIcon
      title={lines.join(' ')}
      action={
        <Button
          size="small"
          icon={<SyncOutlined aria-hidden spin={status.running} />}
          loading={syncNow.isPending}
          disabled={status.running}
          onClick={() =>
            syncNow.mutate(undefined, {
              onSuccess: () => feedback.success(INTEGRATION_MESSAGES.syncQueued),
              onError: (error) => feedback.error(`${INTEGRATION_MESSAGES.requestFailed} ${reasonOf(error)}`),
            })
          }
        >
          {status.running ? 'Sincronizando…' : 'Sincronizar agora'}
        </Button>
      }
    />
  );
}
