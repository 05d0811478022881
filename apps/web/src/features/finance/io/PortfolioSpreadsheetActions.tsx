import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useState } from 'react';
import type { InformationFiltersInput } from '@mirante/shared';
import { portfolioExportHref } from './api';
import { ImportModal } from './ImportModal';
import './finance-io.css';

export interface PortfolioSpreadsheetActionsProps {
  projectId: number;
  /** The filters applied on the page: the export carries them (spec 2.7). */
  filters: InformationFiltersInput;
  /** After an import with any row imported: reload the portfolio with the filters reset. */
  onImported(): void;
}

/** The portfolio's 'Importar' button (with its modal) and 'Exportar' menu (CSV or Excel). */
export function PortfolioSpreadsheetActions({
  projectId,
  filters,
  onImported,
}: PortfolioSpreadsheetActionsProps) {
  const [importOpen, setImportOpen] = useState(false);
  return (
    <Space wrap>
      <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
        Importar
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'csv',
              label: (
                <a href={portfolioExportHref(projectId, filters, 'csv')} download>
                  CSV
                </a>
              ),
            },
            {
              key: 'xls',
              label: (
                <a href={portfolioExportHref(projectId, filters, 'xls')} download>
                  Excel
                </a>
              ),
            },
          ],
        }}
      >
        <Button icon={<DownloadOutlined />}>Exportar</Button>
      </Dropdown>
      <ImportModal
        projectId={projectId}
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={onImported}
      />
    </Space>
  );
}
