import { FilterFilled, SearchOutlined } from '@ant-design/icons';
import { Input, Tag } from 'antd';
import { namedClear } from '../../../shared/ui/namedClear';
import type { ColumnsType } from 'antd/es/table';
import type { FilterValue } from 'antd/es/table/interface';
import {
  compareNatural,
  dateCellKey,
  dateNameKey,
  detectionTypeOf,
  displayDate,
  type DetectionRow,
  type DetectionsHistory,
} from '@mirante/shared';
import { ColourTag } from '../../../shared/ui/ColourTag';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The table's own filters (column key → values): every column's filter is controlled (see DetectionsTable). */
export type ColumnFilters = Record<string, FilterValue | null>;

/**
 * The name of a column's filter button, which holds only its icon (antd's own icon would say 'filter' or
 * 'search'). Not 'Buscar …': that is the name of the search field the button opens.
 */
const filterName = (title: string) => `Filtrar a coluna ${title}`;

/** antd's filter icon, named for its column. */
const listFilterIcon = (title: string) => <FilterFilled aria-label={filterName(title)} />;

/** A column searched by free text (Código, Observação). */
function searchable(
  title: string,
  key: keyof DetectionRow & string,
  filters: ColumnFilters,
  width?: number,
): ColumnsType<DetectionRow>[number] {
  return {
    title,
    dataIndex: key,
    key,
    width,
    filteredValue: filters[key] ?? null,
    filterIcon: (filtered: boolean) => (
      <SearchOutlined aria-label={filterName(title)} style={{ color: filtered ? '#1677ff' : undefined }} />
    ),
    filterDropdown: ({ selectedKeys, setSelectedKeys, confirm }) => (
      <div style={{ padding: 8 }}>
        <Input.Search
          aria-label={`Buscar ${title}`}
          placeholder={`Buscar ${title}`}
          value={text(selectedKeys[0])}
          allowClear={namedClear('Limpar a busca')}
          onChange={(event) => setSelectedKeys(event.target.value ? [event.target.value] : [])}
          onSearch={() => confirm()}
        />
      </div>
    ),
    onFilter: (value, row) => text(row[key]).toLowerCase().includes(String(value).toLowerCase()),
  };
}

function statusCell(key: unknown, name: unknown) {
  const type = detectionTypeOf(text(key));
  return <ColourTag colour={type?.color}>{text(name)}</ColourTag>;
}

/**
 * Main-table columns of the detections list; the Etapa filter is server-side (its value is the applied stage list). Once one
 * column's filter is controlled (Etapa's filteredValue) antd applies only controlled filters, so the searches and
 * the Status filter are controlled too (`filters`).
 */
export function detectionsColumns(
  history: DetectionsHistory,
  hasStage: boolean,
  stage: string[],
  filters: ColumnFilters,
): ColumnsType<DetectionRow> {
  const columns: ColumnsType<DetectionRow> = [];
  if (hasStage) {
    columns.push({
      title: 'Etapa',
      dataIndex: 'stage',
      key: 'stage',
      width: 110,
      filters: history.stagesAvailable.map((name) => ({ text: name, value: name })),
      filteredValue: stage.length ? stage : null,
      filterIcon: listFilterIcon('Etapa'),
    });
  }
  columns.push(
    searchable('Código', 'customer_code', filters, 120),
    {
      title: 'Quadra',
      dataIndex: 'block',
      key: 'block',
      width: 90,
      sorter: (a, b) => compareNatural(a.block, b.block),
    },
    {
      title: 'Lote',
      dataIndex: 'tag_value',
      key: 'tag_value',
      width: 80,
      sorter: (a, b) => compareNatural(a.tag_value, b.tag_value),
    },
  );
  history.uniqueDates.forEach((date, index) => {
    columns.push({
      title: displayDate(date),
      key: dateCellKey(index),
      width: 170,
      render: (_value, row) => statusCell(row[dateCellKey(index)], row[dateNameKey(index)]),
    });
  });
  if (history.dateType === 'and' && history.uniqueDates.length === 2) {
    columns.push({
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      width: 120,
      filters: [
        { text: 'Igual', value: 'Igual' },
        { text: 'Modificado', value: 'Modificado' },
      ],
      filteredValue: filters.status ?? null,
      filterIcon: listFilterIcon('Status'),
      onFilter: (value, row) => row.status === value,
      render: (value: string) => <Tag color={value === 'Modificado' ? 'orange' : 'default'}>{value}</Tag>,
    });
  }
  columns.push(searchable('Observação', 'obs', filters, 240));
  return columns;
}
