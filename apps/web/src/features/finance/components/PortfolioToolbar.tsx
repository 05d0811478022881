import { DownloadOutlined, InfoCircleOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { namedClear } from '../../../shared/ui/namedClear';
import { MenuDropdown } from '../../../shared/ui/MenuDropdown';

export interface PortfolioToolbarProps {
  search: string;
  onSearch(value: string): void;
  onReset(): void;
  indicatorsVisible: boolean;
  onToggleIndicators(): void;
  /** Absent while the import modal is not built (see importSlot.ts). */
  onImport?: () => void;
  exportHref(fileType: 'csv' | 'xls'): string;
  onHelp(): void;
  /** Only for ADMIN and MANAGER (the portfolio's settings). */
  onSettings?: () => void;
}

/** Search, reset, hide indicators, import, export (CSV or Excel), settings and help. */
export function PortfolioToolbar(props: PortfolioToolbarProps) {
  return (
    <div className="finance-toolbar">
      <Input.Search
        allowClear={namedClear('Limpar a pesquisa')}
        placeholder="Pesquisar"
        aria-label="Pesquisar"
        value={props.search}
        onChange={(event) => props.onSearch(event.target.value)}
        style={{ width: 280 }}
      />
      <Space wrap>
        <Button onClick={props.onReset}>Limpar</Button>
        <Button onClick={props.onToggleIndicators}>
          {props.indicatorsVisible ? 'Ocultar indicadores' : 'Mostrar indicadores'}
        </Button>
        {props.onImport && (
          <Button icon={<UploadOutlined aria-hidden />} onClick={props.onImport}>
            Importar
          </Button>
        )}
        <MenuDropdown
          menu={{
            items: [
              { key: 'csv', label: <a href={props.exportHref('csv')}>CSV</a> },
              { key: 'xls', label: <a href={props.exportHref('xls')}>Excel</a> },
            ],
          }}
        >
          <Button icon={<DownloadOutlined aria-hidden />}>Exportar</Button>
        </MenuDropdown>
        {props.onSettings && (
          <Button
            aria-label="Configurações"
            icon={<SettingOutlined aria-hidden />}
            onClick={props.onSettings}
          />
        )}
        <Button
          aria-label="Ajuda da análise da carteira"
          icon={<InfoCircleOutlined aria-hidden />}
          onClick={props.onHelp}
        />
      </Space>
    </div>
  );
}
