import { Table } from 'antd';
import { detectionTypeOf, displayDate, type StatusCount } from '@mirante/shared';
import { StatusChart } from './StatusChart';

export interface StatusSideTableProps {
  title: string;
  date: string;
  statuses: StatusCount[];
  showChart: boolean;
  testId: string;
  onPick(status: StatusCount): void;
}

interface Line extends StatusCount {
  total?: boolean;
}

/** Counts per detection type on one date, a TOTAL row and a chart; a row opens its lots. */
export function StatusSideTable({ title, date, statuses, showChart, testId, onPick }: StatusSideTableProps) {
  const total = statuses.reduce((sum, item) => sum + item.value, 0);
  const lines: Line[] = [...statuses, { key: 'TOTAL', name: 'TOTAL', value: total, total: true }];
  return (
    <div className="detections-side" data-testid={testId}>
      <h3>
        {title}: {displayDate(date)}
      </h3>
      <Table<Line>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={lines}
        onRow={(line) => ({
          onClick: () => !line.total && onPick(line),
          className: line.total ? 'detections-side__total' : 'detections-side__row',
        })}
        columns={[
          {
            title: 'Detecção',
            dataIndex: 'name',
            render: (name: string, line) => (
              <span>
                {!line.total && (
                  <span className="detections-dot" style={{ background: detectionTypeOf(line.key)?.color }} />
                )}
                {name}
              </span>
            ),
          },
          { title: 'Quantidade', dataIndex: 'value', align: 'right', width: 110 },
        ]}
      />
      {showChart && <StatusChart statuses={statuses} />}
    </div>
  );
}
