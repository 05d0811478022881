/**
 * The modules of each web feature that other features import today: its public surface. A feature reaches another
 * through that feature's `index.ts` or one of these modules, never another internal file. The list is meant to
 * shrink: the map screen takes what other features add to it (sidebar sections, styles, popup parts) through its
 * extension points (`features/map/extensions.ts`), listed at the app's composition point (`app/map/`), instead of
 * importing them. Add an entry only when a module is meant to be public.
 */
export const WEB_FEATURE_SURFACES = {
  admin: ['messages', 'projects/CreateProjectForm'],
  alerts: ['alerts.css', 'components/AlertBell'],
  'allotment-analysis': ['api', 'pages/AllotmentAnalysisPage'],
  auth: ['api'],
  construction: ['api', 'components/NoteDrawMap', 'construction.css', 'dsmUpload', 'noteMeasure'],
  finance: ['api', 'components/InformationDialog', 'components/importSlot'],
  'gis-keys': ['components/CopyField', 'components/GisHelpEntry'],
  map: [
    'api',
    'components/canvas/MapLabels',
    'components/canvas/MapLegend',
    'components/canvas/MapStatusBar',
    'components/canvas/MapView',
    'components/compare/CompareMap',
    'components/panels/ImagesPanel',
    'components/panels/LayersTab',
    'components/panels/OffsetEditor',
    'components/panels/ProjectDetailsTab',
    'components/tools/ToolToggle',
    'detections/detectionDetail',
    'engine/fitBounds',
    'engine/maplibre',
    'hooks/useBaseMapPart',
    'hooks/useComparison',
    'hooks/useLayerVisibility',
    'hooks/useMapCamera',
    'hooks/useMapStyles',
    'map.css',
    'model/dateComparison',
    'model/format',
    'model/measure',
    'style/labels',
    'style/layerStyles',
    'style/legendSections',
    'style/sceneRaster',
  ],
  notify: ['components/HelpButton'],
  projects: [
    'ProjectContext',
    'api',
    'components/ProjectProvider',
    'components/ProjectSelector',
    'selection',
  ],
  'scene-alignment': ['components/AlignmentProposal'],
  'scheduled-reports': ['components/ScheduledReportsButton'],
  security: ['api', 'components/ListError', 'components/UserFormFields', 'errorText'],
  'share-links': ['components/MapShareTool'],
  timelapse: ['components/TimelapseLotButton', 'components/TimelapseViewButton'],
};
