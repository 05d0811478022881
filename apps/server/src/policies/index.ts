/** The access rules shared by features, as pure functions (after outline's server/policies). */
export { projectAccess, projectScopeOf, type ProjectScope } from './project-access';
export { mayPublish, seesItem, seesUnpublished } from './visibility';
export * from './user-edit';
export * from './security-panel';
export { mayManageProjects } from './project-registration';
export { constructionAccess, readsConstruction, type ConstructionNeed } from './construction-access';
export { integrationCustomerOf } from './integration';
export { assertMayChangeFinanceSettings } from './finance-settings';
export { alertKindsFor } from './alerts';
export { mayShareProjects } from './share-links';
export { mayJudgeAlignment } from './scene-alignment';
export { assertMayScheduleReports, REPORT_RECIPIENT_MODULE } from './scheduled-reports';
export { seesSaleValues } from './sale-values';
export { assertMayProduceAnalyses } from './analysis-production';
