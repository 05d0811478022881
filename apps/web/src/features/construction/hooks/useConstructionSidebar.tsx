import type { CollapseProps } from 'antd';
import { useState, type ReactNode } from 'react';
import {
  DSM_DIFFERENCE_MESSAGES,
  NOTE_MESSAGES,
  hasModule,
  type DsmDifference,
  type Inspection,
  type Note,
  type Project,
} from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useCredentials } from '../../../shared/session/SessionContext';
import type { MapInstance } from '../../map/engine/maplibre';
import { useInspections, useNotes } from '../api';
import { InspectionFormModal } from '../components/InspectionFormModal';
import { InspectionsSection } from '../components/InspectionsSection';
import { NoteFormModal } from '../components/NoteFormModal';
import { NotesSection } from '../components/NotesSection';
import { useNotesOnMap } from './useNotesOnMap';
import { DifferenceMapCard } from '../difference/DifferenceMapCard';
import { DifferenceSection } from '../difference/DifferenceSection';
import { useDifferenceOnMap } from '../difference/useDifferenceOnMap';
import '../construction.css';

export interface ConstructionSidebar {
  /** Sections for the construction sidebar (empty for other project types). */
  sections: NonNullable<CollapseProps['items']>;
  /** The modals the sections open. */
  modals: ReactNode;
}

/**
 * The construction map's inspections and notes: the sidebar sections, their modals, and the
 * selected inspection's notes drawn on the map. Selecting (or creating) an inspection shows its scene.
 */
export function useConstructionSidebar(
  project: Project,
  map: MapInstance | null,
  showScene: (sceneId: number) => void,
): ConstructionSidebar {
  const isConstruction = project.projectType === 'CONSTRUCTION';
  const credentials = useCredentials();
  const message = useFeedback();
  const holds = (code: 'construction.inspections' | 'construction.notes') => hasModule(credentials, code);
  const inspections = useInspections(project.id, isConstruction);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [noteEditing, setNoteEditing] = useState<{ note: Note | null } | null>(null);
  const list = isConstruction ? (inspections.data ?? []) : [];
  const selected = list.find((item) => item.id === selectedId) ?? null;
  const notes = useNotes(project.id, isConstruction ? (selected?.id ?? null) : null);
  const noteList = selected ? (notes.data ?? []) : [];
  useNotesOnMap(isConstruction ? map : null, noteList);
  const [difference, setDifference] = useState<DsmDifference | null>(null);
  useDifferenceOnMap(isConstruction ? map : null, difference);

  const select = (inspection: Inspection) => {
    setSelectedId(inspection.id);
    showScene(inspection.scene_id);
  };
  const openNote = (note: Note | null) => {
    if (!selected) {
      void message.warning(NOTE_MESSAGES.selectToAdd);
      return;
    }
    setNoteEditing({ note });
  };

  if (!isConstruction) return { sections: [], modals: null };
  return {
    sections: [
      {
        key: 'vistorias',
        label: 'Vistorias',
        children: (
          <InspectionsSection
            inspections={list}
            failed={
              inspections.isError
                ? { message: inspections.error.message, retry: () => void inspections.refetch() }
                : null
            }
            selectedId={selected?.id ?? null}
            onSelect={select}
            onCreate={holds('construction.inspections') ? () => setCreating(true) : null}
          />
        ),
      },
      {
        key: 'anotacoes',
        label: 'Anotações',
        children: (
          <NotesSection
            hasInspection={selected !== null}
            notes={noteList}
            loading={notes.isPending && selected !== null}
            failed={notes.isError ? () => void notes.refetch() : null}
            onOpen={openNote}
            canWrite={holds('construction.notes')}
          />
        ),
      },
      {
        key: 'diferenca-elevacao',
        label: DSM_DIFFERENCE_MESSAGES.title,
        children: <DifferenceSection inspections={list} shown={difference} onShow={setDifference} />,
      },
    ],
    modals: (
      <>
        {difference && <DifferenceMapCard difference={difference} inspections={list} />}
        {creating && (
          <InspectionFormModal
            projectId={project.id}
            editing={null}
            onClose={() => setCreating(false)}
            onSaved={select}
          />
        )}
        {noteEditing && selected && (
          <NoteFormModal inspection={selected} note={noteEditing.note} onClose={() => setNoteEditing(null)} />
        )}
      </>
    ),
  };
}
