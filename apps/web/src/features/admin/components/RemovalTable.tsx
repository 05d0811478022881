import { useState, type Key } from 'react';
import { Button, Popconfirm, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { ListError } from '../../security/components/ListError';
import { serverReason } from '../messages';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { selectionLabels } from '../../../shared/ui/selectionLabels';

export interface RemovalTableProps<T extends { id: number }> {
  label: string;
  rows: T[] | undefined;
  loading: boolean;
  failedToLoad: boolean;
  onRetry(): void;
  columns: TableColumnsType<T>;
  /** What a row is, for its selection box's screen-reader name ('imagem 12 de 10/05/2024'). */
  rowLabel(row: T): string;
  texts: { empty: string; loadFailed: string; confirm: string; failed: string; removed: string };
  remove(ids: number[]): Promise<unknown>;
  removing: boolean;
}

/** A list with row selection and a confirmed 'Remover' (the 'Remover imagens' / 'Remover análises' tabs). */
export function RemovalTable<T extends { id: number }>(props: RemovalTableProps<T>) {
  const message = useFeedback();
  const [selected, setSelected] = useState<Key[]>([]);

  const confirm = async () => {
    try {
      await props.remove(selected.map(Number));
      setSelected([]);
      void message.success(props.texts.removed);
    } catch (error) {
      void message.error(`${props.texts.failed} ${serverReason(error)}`);
    }
  };

  if (props.failedToLoad) return <ListError text={props.texts.loadFailed} onRetry={props.onRetry} />;

  return (
    <div className="admin-tab">
      <div className="admin-tab__toolbar">
        <Popconfirm
          title={props.texts.confirm}
          okText="Remover"
          cancelText="Cancelar"
          okButtonProps={{ danger: true }}
          onConfirm={confirm}
          disabled={selected.length === 0}
        >
          <Button
            danger
            icon={<DeleteOutlined aria-hidden />}
            disabled={selected.length === 0}
            loading={props.removing}
          >
            Remover selecionadas ({selected.length})
          </Button>
        </Popconfirm>
      </div>
      <Table<T>
        rowKey="id"
        size="middle"
        loading={props.loading}
        dataSource={props.rows ?? []}
        columns={props.columns}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: setSelected,
          ...selectionLabels(props.rowLabel),
        }}
        pagination={false}
        scroll={{ y: 420 }}
        locale={{ emptyText: props.texts.empty }}
        aria-label={props.label}
      />
    </div>
  );
}
