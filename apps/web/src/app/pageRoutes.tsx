import { lazy, type ReactNode } from 'react';
import { InformationRoute } from '../features/finance/InformationRoute';
import { ROUTE_RULES, type PagePath } from '../features/shell/routeRules';

const FusionMapPage = lazy(() => import('./map/FusionMapPage'));
const AreaMapPage = lazy(() => import('./map/AreaMapPage'));
const ChangePasswordPage = lazy(() => import('../features/auth/pages/ChangePasswordPage'));
const SecurityPage = lazy(() => import('../features/security/pages/SecurityPage'));
const AdminPage = lazy(() => import('../features/admin/pages/AdminPage'));
const DetectionsListPage = lazy(() => import('../features/detections-report/pages/DetectionsListPage'));
const PriceMapPage = lazy(() => import('../features/price/pages/PriceMapPage'));
const IntegrationPage = lazy(() => import('../features/integration/pages/IntegrationPage'));
const InspectionsPage = lazy(() => import('../features/construction/pages/InspectionsPage'));
const NotesPage = lazy(() => import('../features/construction/pages/NotesPage'));
const OverlaysPage = lazy(() => import('../features/overlays/pages/OverlaysPage'));
const AnalysisRoute = lazy(() => import('../features/environment/pages/AnalysisRoute'));
const ReportPage = lazy(() => import('../features/environment/pages/ReportPage'));
const GisKeysPage = lazy(() => import('../features/gis-keys/pages/GisKeysPage'));
const AlertPreferencesPage = lazy(() => import('../features/alerts/pages/AlertPreferencesPage'));
const UnderConstructionPage = lazy(() => import('../features/placeholders/pages/UnderConstructionPage'));

const placeholder = (title: string) => <UnderConstructionPage title={title} />;

/** Every page under /page: its element (lazy) and, from ROUTE_RULES, its guard. */
export const PAGE_ELEMENTS: Record<PagePath, ReactNode> = {
  'fusion-map': <FusionMapPage />,
  area: <AreaMapPage />,
  analysis: <AnalysisRoute />,
  'allotment-value': <PriceMapPage />,
  report: <ReportPage />,
  list: <DetectionsListPage />,
  information: <InformationRoute />,
  security: <SecurityPage />,
  integration: <IntegrationPage />,
  'construction/images': placeholder('Imagens'),
  'construction/inspections': <InspectionsPage />,
  'construction/overlays': <OverlaysPage />,
  'construction/notes': <NotesPage />,
  'construction/report': placeholder('Relatório'),
  'construction/users': placeholder('Usuários'),
  admin: <AdminPage />,
  'change-password': <ChangePasswordPage />,
  'gis-keys': <GisKeysPage />,
  alerts: <AlertPreferencesPage />,
};

export const PAGE_PATHS = Object.keys(ROUTE_RULES) as PagePath[];
