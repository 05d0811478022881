import { lazy, Suspense } from 'react';
import { Drawer, Spin } from 'antd';
import type { RegisteredProject } from '@mirante/shared';
import { IMPORT_TEXTS } from './texts';

// The screen carries the map (MapLibre): loaded only when an import is opened.
const LayerImportScreen = lazy(() =>
  import('./LayerImportScreen').then((module) => ({ default: module.LayerImportScreen })),
);

/** 'Importar lotes' of a project, over the admin panel. */
export function LayerImportDrawer({
  project,
  onClose,
}: {
  project: RegisteredProject | null;
  onClose(): void;
}) {
  return (
    <Drawer
      open={project !== null}
      onClose={onClose}
      title={project ? `${IMPORT_TEXTS.title} · ${project.id} - ${project.name}` : IMPORT_TEXTS.title}
      size="min(1280px, 96vw)"
      destroyOnHidden
    >
      {project && (
        <Suspense fallback={<Spin tip="Carregando…" />}>
          <LayerImportScreen project={project} />
        </Suspense>
      )}
    </Drawer>
  );
}
