import type { ReactNode } from 'react';
import { ERP_NAMES, type Erp } from '@mirante/shared';
import { useSyncRuns } from '../api';
import { ErpSyncStatus } from './ErpSyncStatus';

/** One ERP's tab: where its integration stands, then its wizard. */
export function ErpTab({ erp, children }: { erp: Erp; children: ReactNode }) {
  const syncRuns = useSyncRuns();
  return (
    <div className="integration-erp">
      <h2 className="integration-erp__title">Integração com o {ERP_NAMES[erp]}</h2>
      {syncRuns.data && <ErpSyncStatus erp={erp} syncRuns={syncRuns.data} />}
      {children}
    </div>
  );
}
