import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { displayDate, MAP_MESSAGES, NOTE_MESSAGES, NOTE_TYPE_LABELS, type Note } from '@mirante/shared';
import { formatNoteMeasure, formatVolume } from '../noteMeasure';

export interface NotesTableProps {
  notes: readonly Note[];
  loading: boolean;
  removing: boolean;
  onEdit(note: Note): void;
  onRemove(note: Note): void;
}

/** The construction pages: code, name, date, description, category, note type, area/length, volume, actions. */
export function NotesTable({ notes, loading, removing, onEdit, onRemove }: NotesTableProps) {
  const columns: ColumnsType<Note> = [
    { title: 'Código', dataIndex: 'id', key: 'id', width: 80 },
    { title: 'Nome', dataIndex: 'name', key: 'name' },
    { title: 'Data', key: 'date', width: 110, render: (_value, note) => displayDate(note.date) },
    { title: 'Descrição', dataIndex: 'description', key: 'description', ellipsis: true },
    {
      title: 'Categoria',
      key: 'category',
      render: (_value, note) => (
        <span>
          <span className="construction-swatch" style={{ background: note.category_color }} />
          {note.category_name}
        </span>
      ),
    },
    { title: 'Tipo', key: 'type', width: 100, render: (_value, note) => NOTE_TYPE_LABELS[note.note_type] },
    {
      title: 'Área/Comprimento',
      key: 'area',
      // The title on one line (at 150 px it broke inside 'Comprimento').
      width: 180,
      align: 'right',
      render: (_value, note) => formatNoteMeasure(note.note_type, note.area),
    },
    {
      title: 'Volume',
      key: 'volume',
      width: 120,
      align: 'right',
      render: (_value, note) => formatVolume(note.volume),
    },
    {
      title: 'Ações',
      key: 'actions',
      width: 100,
      render: (_value, note) => (
        <Space size={4}>
          <Tooltip title="Editar">
            <Button
              type="text"
              icon={<EditOutlined aria-hidden />}
              aria-label="Editar anotação"
              onClick={() => onEdit(note)}
            />
          </Tooltip>
          <Popconfirm
            title={NOTE_MESSAGES.removeConfirm}
            okText="Remover"
            cancelText="Cancelar"
            okButtonProps={{ danger: true }}
            onConfirm={() => onRemove(note)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label="Remover anotação"
              loading={removing}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Table<Note>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={[...notes]}
      columns={columns}
      pagination={false}
      locale={{ emptyText: MAP_MESSAGES.noRecords }}
      aria-label="Anotações"
    />
  );
}
