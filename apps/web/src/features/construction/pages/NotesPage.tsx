import { FileExcelOutlined, FileTextOutlined, GlobalOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Select } from 'antd';
import { useState, type MouseEvent } from 'react';
import { INSPECTION_MESSAGES, NOTE_MESSAGES, type Note } from '@mirante/shared';
import { downloadChecked } from '../../../shared/download/download';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { GeoExportModal } from '../../../shared/geo-export/GeoExportModal';
import { notesGeoExportHref } from '../../../shared/geo-export/geoExportUrl';
import { useCurrentProject } from '../../projects/ProjectContext';
import { notesExportHref, useDestroyNote, useInspections, useNotes } from '../api';
import { LoadError } from '../components/LoadError';
import { NoteFormModal } from '../components/NoteFormModal';
import { NotesTable } from '../components/NotesTable';
import { inspectionOptions } from '../inspectionRules';
import '../construction.css';

type Editing = { note: Note | null } | null;
type Extension = 'xls' | 'csv';

/** Anotações: pick an inspection, then its notes with create, edit, remove and exports. */
export default function NotesPage() {
  const project = useCurrentProject();
  const message = useFeedback();
  const inspections = useInspections(project.id);
  const [inspectionId, setInspectionId] = useState<number | null>(null);
  const inspection = inspections.data?.find((item) => item.id === inspectionId) ?? null;
  const notes = useNotes(project.id, inspection?.id ?? null);
  const destroy = useDestroyNote(project.id, inspection?.id ?? null);
  const [editing, setEditing] = useState<Editing>(null);
  const [geometryOpen, setGeometryOpen] = useState(false);
  const list = notes.data ?? [];

  const open = (note: Note | null) => {
    if (!inspection) {
      void message.warning(note ? NOTE_MESSAGES.selectToEdit : NOTE_MESSAGES.selectToCreate);
      return;
    }
    setEditing({ note });
  };
  const remove = (note: Note) =>
    destroy.mutate(note.id, {
      onSuccess: () => void message.success(NOTE_MESSAGES.removed),
      onError: () => void message.error(NOTE_MESSAGES.removeFailed),
    });

  // The link keeps the API calls api_token form; it is fetched so that a refused export can be told.
  const exportNotes = (event: MouseEvent<HTMLElement>, inspectionId: number, extension: Extension) => {
    event.preventDefault();
    downloadChecked(notesExportHref(inspectionId, extension), `anotacoes.${extension}`).catch(
      () => void message.error(NOTE_MESSAGES.exportFailed),
    );
  };

  return (
    <div className="construction-page">
      <h1 className="construction-page__title">Anotações</h1>
      <div className="construction-page__toolbar">
        <Select
          aria-label="Vistoria"
          placeholder="Selecione uma vistoria"
          style={{ width: 280 }}
          loading={inspections.isPending}
          value={inspection?.id}
          onChange={(value: number) => setInspectionId(value)}
          options={inspectionOptions(inspections.data ?? [])}
        />
        <div className="construction-page__toolbar-end">
          {inspection && list.length > 0 && (
            <>
              <Button
                icon={<FileExcelOutlined aria-hidden />}
                href={notesExportHref(inspection.id, 'xls')}
                onClick={(event) => exportNotes(event, inspection.id, 'xls')}
              >
                Exportar XLS
              </Button>
              <Button
                icon={<FileTextOutlined aria-hidden />}
                href={notesExportHref(inspection.id, 'csv')}
                onClick={(event) => exportNotes(event, inspection.id, 'csv')}
              >
                Exportar CSV
              </Button>
              <Button icon={<GlobalOutlined aria-hidden />} onClick={() => setGeometryOpen(true)}>
                Exportar geometria
              </Button>
            </>
          )}
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open(null)}>
            Criar anotação
          </Button>
        </div>
      </div>
      {inspections.isError && (
        <LoadError
          text={`${INSPECTION_MESSAGES.loadFailed} ${inspections.error.message}`}
          onRetry={() => void inspections.refetch()}
        />
      )}
      {!inspection ? (
        <Empty description={NOTE_MESSAGES.noInspection} />
      ) : notes.isError ? (
        <LoadError text={NOTE_MESSAGES.loadFailed} onRetry={() => void notes.refetch()} />
      ) : (
        <NotesTable
          notes={list}
          loading={notes.isPending}
          removing={destroy.isPending}
          onEdit={(note) => open(note)}
          onRemove={remove}
        />
      )}
      {inspection && (
        <GeoExportModal
          open={geometryOpen}
          subject="Anotações da vistoria: polígonos com área, linhas com comprimento e marcadores."
          center={project.center}
          href={(choice) => notesGeoExportHref(inspection.id, choice)}
          onClose={() => setGeometryOpen(false)}
        />
      )}
      {editing && inspection && (
        <NoteFormModal inspection={inspection} note={editing.note} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
