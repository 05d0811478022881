import { Modal, Space } from 'antd';
import type { DetectionRow, DetectionsHistory } from '@mirante/shared';
import { DetectionsTable } from './DetectionsTable';
import { ExportMenu } from './ExportMenu';

export interface LotsModalProps {
  title: string;
  history: DetectionsHistory;
  rows: DetectionRow[];
  hasStage: boolean;
  exportHref(fileType: 'csv' | 'xls'): string;
  onClose(): void;
}

/** A modal of lots (changed/kept, or one status on one date) with its own export; width 1200. */
export function LotsModal({ title, history, rows, hasStage, exportHref, onClose }: LotsModalProps) {
  return (
    <Modal open title={title} width={1200} footer={null} onCancel={onClose} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <ExportMenu href={exportHref} />
        <DetectionsTable
          testId="lots-modal-table"
          history={history}
          rows={rows}
          hasStage={hasStage}
          stage={[]}
        />
      </Space>
    </Modal>
  );
}
