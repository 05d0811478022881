import type { ColumnType, Generated } from 'kysely';
import type { ModuleCode, ProjectStage, ProjectType, Role, UserType } from '@mirante/shared';
import type {
  DetectionResultsTable,
  ProjectTextureDictionariesTable,
  LayerObservationPhotosTable,
  LayerObservationsTable,
  LayersTable,
  LotStatusHistoryTable,
} from './schema-layers';
import type { EnvironmentFeaturesTable, EnvironmentReportFilesTable } from './schema-environment';
import type { LotInformationChangesTable, LotInformationsTable } from './schema-finance';
import type {
  InspectionsTable,
  NoteCategoriesTable,
  NotesTable,
  SceneElevationModelsTable,
} from './schema-construction';
import type {
  IntegrationConfigsTable,
  IntegrationMappingsTable,
  IntegrationProjectsTable,
  IntegrationSyncRunsTable,
  IntegrationWalletLinksTable,
} from './schema-integration';
import type { OverlayFilesTable, OverlaysTable } from './schema-overlays';
import type { OutboundAllowedHostsTable } from './schema-outbound';
import type {
  AlertDeliveriesTable,
  AlertEventsTable,
  AlertPreferencesTable,
  AlertSettingsTable,
  AlertSourcesSeenTable,
} from './schema-alerts';
import type { ShareLinksTable } from './schema-share';
import type { GisKeysTable, TimelapseExportsTable } from './schema-gis';
import type { SceneAlignmentsTable } from './schema-scene-alignment';
import type {
  ReportDeliveriesTable,
  ReportRunsTable,
  ReportScheduleRecipientsTable,
  ReportSchedulesTable,
} from './schema-reports';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb: written as a JSON string, read back as a parsed value. */
type Json<T, Written = string> = ColumnType<T, Written, Written>;
/** numeric: parsed to a JS number by our pg type parser (money values fit a double exactly enough). */
type Numeric = ColumnType<number, number | string, number | string>;

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  createdAt: CreatedAt;
}

export interface ModulesTable {
  id: Generated<number>;
  code: ModuleCode;
  name: string;
  description: string;
  projectType: ProjectType;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  customerId: number | null;
  createdAt: CreatedAt;
}

export interface GroupModulesTable {
  groupId: number;
  moduleId: number;
}

export interface ProjectsTable {
  id: Generated<number>;
  customerId: number;
  name: string;
  space: string;
  projectType: ProjectType;
  isDefault: Generated<boolean>;
  /** Migration 013: null until the project has a boundary (given, or derived from its imported lots). */
  delimiter: Json<unknown, string | null>;
  bbox: number[] | null;
  /** Migration 013: the boundary came from the imported lots (an import may derive it again). */
  delimiterDerived: Generated<boolean>;
  center: number[] | null;
  areaM2: number;
  perimeterM: number;
  defaultZoom: Generated<number>;
  hasStage: Generated<boolean>;
  hasReport: Generated<boolean>;
  hasInformation: Generated<boolean>;
  hasPriceVisualization: Generated<boolean>;
  useProviderMapLayer: Generated<boolean>;
  customerCode: string | null;
  /** YYYY-MM-DD (date columns are read as text, never shifted by time zones). */
  releaseDate: string | null;
  stage: ProjectStage | null;
  team: string | null;
  blocks: number | null;
  lots: number | null;
  address: string | null;
  city: string | null;
  state: string | null;
  detail: string | null;
  valorInadimplencia: Numeric | null;
  /** Migration 016: months a sold lot may stay empty before the portfolio flags it. */
  saleAlertMonths: Generated<number>;
  createdAt: CreatedAt;
  /** Migration 013: archived instead of deleted; hidden from all but ADMINs. */
  archivedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  archivedBy: ColumnType<number | null, number | null | undefined, number | null>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface UsersTable {
  id: Generated<number>;
  customerId: number;
  groupId: number | null;
  name: string;
  email: string;
  passwordHash: string | null;
  role: Generated<Role>;
  userType: Generated<UserType>;
  status: Generated<boolean>;
  /** Migration 010: who inactivated the user and with which role (null while active). */
  inactivatedBy: ColumnType<number | null, number | null | undefined, number | null>;
  inactivatedByRole: ColumnType<Role | null, Role | null | undefined, Role | null>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface UserProjectsTable {
  userId: number;
  projectId: number;
}

export interface SessionsTable {
  id: Generated<string>;
  userId: number;
  tokenHash: string;
  fromToken: Generated<boolean>;
  /** Migration 009: the sign-in link this session was opened with. */
  accessTokenId: string | null;
  createdAt: CreatedAt;
  lastUsedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  expiresAt: Timestamp;
  revokedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Migration 034: one credential-throttle bucket (key hashed) and its current window. */
export interface CredentialAttemptsTable {
  bucketKey: string;
  attempts: number;
  windowEndsAt: Timestamp;
}

/** Migration 034: an address (IPv4, or IPv6 /64) a user recently signed in from with his password or e-mailed link. */
export interface UserSignInAddressesTable {
  userId: number;
  address: string;
  lastSuccessAt: Timestamp;
}

export interface PasswordTokensTable {
  id: Generated<string>;
  userId: number;
  tokenHash: string;
  purpose: 'definition' | 'recovery';
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  usedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface AccessTokensTable {
  id: Generated<string>;
  userId: number;
  tokenHash: string;
  description: Generated<string>;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  revokedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SchemaMigrationsTable {
  name: string;
  appliedAt: CreatedAt;
}

/** Migration 043: facts recorded once about this installation ('demo', 'credentials-path-key-upgraded'). */
export interface InstallationMarkersTable {
  name: string;
  recordedAt: CreatedAt;
}

export type SceneStatus = 'queued' | 'processing' | 'ready' | 'failed';

export interface ScenesTable {
  id: Generated<number>;
  projectId: number;
  /** YYYY-MM-DD */
  date: string;
  cloud: number | null;
  precision: number | null;
  published: Generated<boolean>;
  offsetX: Generated<number>;
  offsetY: Generated<number>;
  status: Generated<SceneStatus>;
  progress: Generated<number>;
  errorMessage: string | null;
  sourceKind: 'geotiff' | 'png' | 'jpeg';
  sourceBounds: number[] | null;
  originalKey: string;
  originalName: string;
  /** Migration 015: the other files of a mosaic (after the first, in upload order). */
  mosaicKeys: Generated<string[]>;
  mosaicNames: Generated<string[]>;
  archiveKey: string | null;
  previewKey: string | null;
  modelKey: string | null;
  modelName: string | null;
  bounds: number[] | null;
  minZoom: number | null;
  maxZoom: number | null;
  tileCount: number | null;
  tilesVersion: Generated<number>;
  /** Last sign of life of the ingest working on this scene (migration 011). */
  ingestHeartbeatAt: ColumnType<Date | null, never, Date | null>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  customers: CustomersTable;
  modules: ModulesTable;
  groups: GroupsTable;
  groupModules: GroupModulesTable;
  projects: ProjectsTable;
  users: UsersTable;
  userProjects: UserProjectsTable;
  sessions: SessionsTable;
  passwordTokens: PasswordTokensTable;
  accessTokens: AccessTokensTable;
  credentialAttempts: CredentialAttemptsTable;
  userSignInAddresses: UserSignInAddressesTable;
  schemaMigrations: SchemaMigrationsTable;
  installationMarkers: InstallationMarkersTable;
  layers: LayersTable;
  lotStatusHistory: LotStatusHistoryTable;
  layerObservations: LayerObservationsTable;
  layerObservationPhotos: LayerObservationPhotosTable;
  scenes: ScenesTable;
  detections: DetectionsTable;
  detectionResults: DetectionResultsTable;
  projectTextureDictionaries: ProjectTextureDictionariesTable;
  demoImageryLoads: DemoImageryLoadsTable;
  demoImageryStarts: DemoImageryStartsTable;
  layerListChanges: LayerListChangesTable;
  lotInformations: LotInformationsTable;
  lotInformationChanges: LotInformationChangesTable;
  inspections: InspectionsTable;
  noteCategories: NoteCategoriesTable;
  notes: NotesTable;
  sceneElevationModels: SceneElevationModelsTable;
  integrationConfigs: IntegrationConfigsTable;
  outboundAllowedHosts: OutboundAllowedHostsTable;
  integrationProjects: IntegrationProjectsTable;
  integrationWalletLinks: IntegrationWalletLinksTable;
  integrationMappings: IntegrationMappingsTable;
  integrationSyncRuns: IntegrationSyncRunsTable;
  environmentFeatures: EnvironmentFeaturesTable;
  environmentReportFiles: EnvironmentReportFilesTable;
  overlayFiles: OverlayFilesTable;
  overlays: OverlaysTable;
  gisKeys: GisKeysTable;
  alertEvents: AlertEventsTable;
  alertPreferences: AlertPreferencesTable;
  alertDeliveries: AlertDeliveriesTable;
  alertSettings: AlertSettingsTable;
  alertSourcesSeen: AlertSourcesSeenTable;
  shareLinks: ShareLinksTable;
  timelapseExports: TimelapseExportsTable;
  sceneAlignments: SceneAlignmentsTable;
  reportSchedules: ReportSchedulesTable;
  reportScheduleRecipients: ReportScheduleRecipientsTable;
  reportRuns: ReportRunsTable;
  reportDeliveries: ReportDeliveriesTable;
}

/** Migration 202612080300: projects whose demo scenes began to be queued (the first start may be cut short). */
export interface DemoImageryStartsTable {
  projectId: number;
  startedAt: Generated<Date>;
}

/** Migration 007: projects whose demo scenes were queued once. */
export interface DemoImageryLoadsTable {
  projectId: number;
  loadedAt: Generated<Date>;
  /** Migration 017: when the AI analyses of the project's demo scenes were queued (null: not yet). */
  analysesQueuedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Migration 008: one row per project and transaction that changed the project's layer list (written by triggers). */
export interface LayerListChangesTable {
  projectId: number;
  /** xid8, read as text. */
  xactId: ColumnType<string, never, never>;
}

export type DetectionProcessingState = 'idle' | 'queued' | 'processing' | 'done' | 'failed';

export interface DetectionsTable {
  id: Generated<number>;
  projectId: number;
  sceneId: number;
  beforeSceneId: number | null;
  approved: Generated<boolean>;
  duplicateDetectAllotment: Generated<boolean>;
  analysisAi: Generated<boolean>;
  processingState: Generated<DetectionProcessingState>;
  processingProgress: Generated<number>;
  processingError: string | null;
  /** Migration 202612080001: why every AI reading of the analysis is 'A revisar' (pt-BR); null otherwise. */
  reviewReason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Last sign of life of the AI run working on this analysis (migration 012). */
  processingHeartbeatAt: ColumnType<Date | null, never, Date | null>;
  /** Migration 030: the minimum mapping unit of an environment analysis (m²); null otherwise. */
  minAreaM2: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}
