import { Table } from 'antd';
import { useState } from 'react';
import { DETECTIONS_REPORT_MESSAGES, type DetectionRow, type DetectionsHistory } from '@mirante/shared';
import { detectionsColumns, type ColumnFilters } from './detectionsColumns';

export interface DetectionsTableProps {
  history: DetectionsHistory;
  rows: DetectionRow[];
  hasStage: boolean;
  stage: string[];
  onStageChange?(stage: string[]): void;
  testId: string;
}

/** The lots table (main table and modals): no pagination, scroll height 300. */
export function DetectionsTable({
  history,
  rows,
  hasStage,
  stage,
  onStageChange,
  testId,
}: DetectionsTableProps) {
  const [filters, setFilters] = useState<ColumnFilters>({});
  const columns = detectionsColumns(history, hasStage, stage, filters);
  return (
    <Table<DetectionRow>
      data-testid={testId}
      size="small"
      rowKey="layer_id"
      columns={columns}
      dataSource={rows}
      pagination={false}
      virtual
      scroll={{ x: columns.reduce((sum, column) => sum + Number(column.width ?? 120), 0), y: 300 }}
      locale={{ emptyText: DETECTIONS_REPORT_MESSAGES.emptyResults }}
      onChange={(_pagination, changed) => {
        const { stage: stageFilter, ...own } = changed;
        setFilters(own);
        const next = (stageFilter ?? []).map(String);
        if (onStageChange && next.join() !== stage.join()) onStageChange(next);
      }}
    />
  );
}
