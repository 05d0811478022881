import type { ColumnType, Generated } from 'kysely';
import type { Erp, SyncStatus, SyncTrigger } from '@mirante/shared';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

/** Migration 022: one customer's configuration of one ERP; `credentials` is AES-256-GCM ciphertext. */
export interface IntegrationConfigsTable {
  customerId: number;
  erp: Erp;
  credentials: Buffer | null;
  credentialsUpdatedAt: NullableTimestamp;
  notificationEmail: string | null;
  notificationFrequency: number | null;
  completedAt: NullableTimestamp;
  lastNotifiedAt: NullableTimestamp;
}

export interface IntegrationProjectsTable {
  projectId: number;
  customerId: number;
  erp: Erp;
}

export interface IntegrationWalletLinksTable {
  id: Generated<number>;
  projectId: number;
  customerCode: string;
  layerId: number | null;
}

export interface IntegrationMappingsTable {
  customerId: number;
  unitFields: Json<Record<string, string>> | null;
  salesStatus: Json<Record<string, number | null>> | null;
}

export interface SyncErrorJson {
  project_id: number | null;
  project_name: string | null;
  customer_code: string | null;
  message: string;
}

export interface IntegrationSyncRunsTable {
  id: Generated<number>;
  customerId: number;
  erp: Erp;
  trigger: SyncTrigger;
  status: ColumnType<SyncStatus, SyncStatus | undefined, SyncStatus>;
  queuedAt: Timestamp;
  startedAt: NullableTimestamp;
  finishedAt: NullableTimestamp;
  unitsRead: ColumnType<number, number | undefined, number>;
  unitsChanged: ColumnType<number, number | undefined, number>;
  unitsUnmatched: ColumnType<number, number | undefined, number>;
  errors: ColumnType<SyncErrorJson[], string | undefined, string>;
}
