import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Spin } from 'antd';
import { NOTE_MESSAGES, type Note } from '@mirante/shared';
import { formatNoteMeasure } from '../noteMeasure';
import { LoadError } from './LoadError';

export interface NotesSectionProps {
  hasInspection: boolean;
  notes: readonly Note[];
  loading: boolean;
  failed: (() => void) | null;
  onOpen(note: Note | null): void;
  /** False: the user may not write notes (no construction.notes). */
  canWrite: boolean;
}

/** The map sidebar's notes of the selected inspection, with 'Nova anotação'. */
export function NotesSection({ hasInspection, notes, loading, failed, onOpen, canWrite }: NotesSectionProps) {
  return (
    <div data-testid="sidebar-notes">
      {!hasInspection && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NOTE_MESSAGES.noInspection} />
      )}
      {failed && <LoadError text={NOTE_MESSAGES.loadFailed} onRetry={failed} />}
      {loading && hasInspection && <Spin size="small" />}
      {hasInspection && !loading && notes.length === 0 && !failed && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhuma anotação nesta vistoria." />
      )}
      <div className="construction-sidebar__list" role="list" aria-label="Anotações">
        {notes.map((note) => (
          <button
            key={note.id}
            type="button"
            role="listitem"
            className="construction-sidebar__item"
            onClick={() => canWrite && onOpen(note)}
            title={note.description}
          >
            <span className="construction-swatch" style={{ background: note.category_color }} />
            {note.name}
            <span className="construction-sidebar__measure">
              {formatNoteMeasure(note.note_type, note.area)}
            </span>
          </button>
        ))}
      </div>
      {canWrite && (
        <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={() => onOpen(null)}>
          Nova anotação
        </Button>
      )}
    </div>
  );
}
