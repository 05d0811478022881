import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { MenuDropdown } from '../../../shared/ui/MenuDropdown';

export interface ExportMenuProps {
  href(fileType: 'csv' | 'xls'): string;
  label?: string;
}

/** Export menu: CSV and Excel download links carrying api_token. */
export function ExportMenu({ href, label = 'Exportar' }: ExportMenuProps) {
  return (
    <MenuDropdown
      menu={{
        items: [
          {
            key: 'csv',
            label: (
              <a href={href('csv')} download>
                CSV
              </a>
            ),
          },
          {
            key: 'xls',
            label: (
              <a href={href('xls')} download>
                Excel
              </a>
            ),
          },
        ],
      }}
    >
      <Button icon={<DownloadOutlined aria-hidden />}>{label}</Button>
    </MenuDropdown>
  );
}
