import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Radio, Select, Space, Tooltip } from 'antd';
import { DETECTION_TYPES, displayDate, type DetectionsHistory } from '@mirante/shared';
import { allBlocks, lotsOf, type DraftFilters } from '../filters';
import { MultiSelectAll } from '../../../shared/ui/MultiSelectAll';

export interface ReportFiltersProps {
  history: DetectionsHistory;
  draft: DraftFilters;
  onChange(draft: DraftFilters): void;
  onSearch(): void;
  onClear(): void;
  chartsVisible: boolean;
  onToggleCharts(): void;
  onHelp(): void;
}

const typeOptions = DETECTION_TYPES.filter((type) => type.showInDetectionsPageFilters).map((type) => ({
  value: type.key,
  label: type.name,
}));
const asOptions = (values: string[]) => values.map((value) => ({ value, label: value }));

/** The report's filter bar: dates, E/Entre, types, quadras, lotes, Buscar, Limpar, charts, help. */
export function ReportFilters(props: ReportFiltersProps) {
  const { history, draft, onChange } = props;
  const dateOptions = [...history.datesAvailable]
    .reverse()
    .map((date) => ({ value: date, label: displayDate(date) }));
  const empty = !draft.detectTypes.length || !draft.blocks.length || !draft.lots.length;
  return (
    <div className="detections-filters">
      <div className="detections-filter">
        <div className="detections-filter__label">Data inicial</div>
        <Select
          showSearch
          optionFilterProp="label"
          aria-label="Data inicial"
          options={dateOptions}
          value={draft.startDate}
          onChange={(startDate) => onChange({ ...draft, startDate })}
          style={{ width: 130 }}
        />
      </div>
      <Radio.Group
        aria-label="Tipo de comparação"
        optionType="button"
        value={draft.dateType}
        onChange={(event) => onChange({ ...draft, dateType: event.target.value as DraftFilters['dateType'] })}
        options={[
          { value: 'and', label: 'E' },
          { value: 'between', label: 'Entre' },
        ]}
      />
      <div className="detections-filter">
        <div className="detections-filter__label">Data final</div>
        <Select
          showSearch
          optionFilterProp="label"
          aria-label="Data final"
          options={dateOptions}
          value={draft.endDate}
          onChange={(endDate) => onChange({ ...draft, endDate })}
          style={{ width: 130 }}
        />
      </div>
      <MultiSelectAll
        className="detections-filter"
        label="Tipos de detecção"
        testId="filter-types"
        options={typeOptions}
        value={draft.detectTypes}
        maxTagTextLength={5}
        onChange={(detectTypes) => onChange({ ...draft, detectTypes })}
      />
      <MultiSelectAll
        className="detections-filter"
        label="Quadras"
        testId="filter-blocks"
        options={asOptions(allBlocks(history))}
        value={draft.blocks}
        maxTagTextLength={2}
        onChange={(blocks) => onChange({ ...draft, blocks, lots: lotsOf(history, blocks) })}
      />
      <MultiSelectAll
        className="detections-filter"
        label="Lotes"
        testId="filter-lots"
        options={asOptions(lotsOf(history, draft.blocks))}
        value={draft.lots}
        maxTagTextLength={5}
        onChange={(lots) => onChange({ ...draft, lots })}
      />
      <Space wrap>
        <Tooltip title={empty ? 'Selecione ao menos um item em cada filtro' : undefined}>
          <Button type="primary" onClick={props.onSearch} disabled={empty}>
            Buscar
          </Button>
        </Tooltip>
        <Button onClick={props.onClear}>Limpar</Button>
        <Button onClick={props.onToggleCharts}>
          {props.chartsVisible ? 'Ocultar gráficos' : 'Mostrar gráficos'}
        </Button>
        <Button aria-label="Ajuda" icon={<InfoCircleOutlined aria-hidden />} onClick={props.onHelp} />
      </Space>
    </div>
  );
}
