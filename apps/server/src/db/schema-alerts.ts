import type { ColumnType, Generated } from 'kysely';
import type { AlertDelivery, AlertKind } from '@mirante/shared';

type Moment = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Migration 202612071610: what changed in a project, recorded once (`dedupeKey` is unique). */
export interface AlertEventsTable {
  /** bigserial, read as text by pg; parsed in the repo. */
  id: Generated<string>;
  projectId: number;
  kind: AlertKind;
  dedupeKey: string;
  payload: ColumnType<unknown, string, string>;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
  dispatchedAt: NullableMoment;
}

export interface AlertPreferencesTable {
  userId: number;
  projectId: number;
  kinds: AlertKind[];
  delivery: AlertDelivery;
  updatedAt: Moment;
}

export interface AlertDeliveriesTable {
  eventId: string;
  userId: number;
  emailMode: AlertDelivery;
  emailedAt: NullableMoment;
  readAt: NullableMoment;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
}

export interface AlertSettingsTable {
  id: Generated<boolean>;
  eventsSince: Moment;
}

export interface AlertSourcesSeenTable {
  sourceKey: string;
  seenAt: ColumnType<Date, Date | string | undefined, never>;
}
