import { useVirtualizer } from '@tanstack/react-virtual';
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { useRef } from 'react';
import type { InformationRow } from '@mirante/shared';
import type { PortfolioColumn } from '../model/portfolioColumns';
import type { SortState } from '../model/sortRows';
import { AlertTags } from './AlertTags';

const ROW_HEIGHT = 36;
const ALERT_WIDTH = 190;
/** The first three cells of a row open the lot details. */
const OPENING_CELLS = 3;

export interface PortfolioTableProps {
  rows: readonly InformationRow[];
  columns: readonly PortfolioColumn[];
  sort: SortState | null;
  onSort(key: string): void;
  onOpenLot(layerId: number): void;
}

/**
 * The portfolio table, without pagination: only the rows in view are in the DOM
 * (@tanstack/react-virtual), so 10,000 lots scroll as smoothly as 10. A plain CSS grid with a sticky header.
 */
export function PortfolioTable({ rows, columns, sort, onSort, onOpenLot }: PortfolioTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the table re-renders on scroll by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const template = [...columns.map((column) => `${column.width}px`), `${ALERT_WIDTH}px`].join(' ');
  const width = columns.reduce((sum, column) => sum + column.width, ALERT_WIDTH);

  return (
    <div
      className="portfolio-table"
      ref={scroller}
      role="table"
      aria-label="Carteira"
      aria-rowcount={rows.length + 1}
      data-testid="portfolio-table"
    >
      <div className="portfolio-table__header" role="row" style={{ gridTemplateColumns: template, width }}>
        {columns.map((column) => {
          const sorted = sort?.key === column.key ? sort.direction : undefined;
          return (
            <button
              key={column.key}
              type="button"
              role="columnheader"
              aria-sort={sorted === 'ascend' ? 'ascending' : sorted === 'descend' ? 'descending' : 'none'}
              className={`portfolio-table__th${column.align ? ' portfolio-table__th--right' : ''}`}
              onClick={() => onSort(column.key)}
            >
              <span>{column.title}</span>
              {sorted === 'ascend' && <CaretUpOutlined aria-hidden />}
              {sorted === 'descend' && <CaretDownOutlined aria-hidden />}
            </button>
          );
        })}
        <div role="columnheader" className="portfolio-table__th">
          Alertas
        </div>
      </div>
      {rows.length === 0 && <div className="portfolio-table__empty">Nenhum registro encontrado.</div>}
      <div style={{ height: virtualizer.getTotalSize(), width, position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={row.layer_id}
              role="row"
              aria-rowindex={item.index + 2}
              data-testid="portfolio-row"
              data-layer-id={row.layer_id}
              className={`portfolio-table__row${row.alertas.length > 0 ? ' portfolio-table__row--alert' : ''}`}
              style={{
                gridTemplateColumns: template,
                transform: `translateY(${item.start}px)`,
                height: ROW_HEIGHT,
              }}
            >
              {columns.map((column, index) => {
                const text = column.text(row);
                const className = `portfolio-table__td${column.align ? ' portfolio-table__td--right' : ''}`;
                return index < OPENING_CELLS ? (
                  <button
                    key={column.key}
                    type="button"
                    role="cell"
                    title={`Abrir detalhes: ${text}`}
                    className={`${className} portfolio-table__td--open`}
                    onClick={() => onOpenLot(row.layer_id)}
                  >
                    {text}
                  </button>
                ) : (
                  <div key={column.key} role="cell" className={className} title={text}>
                    {text}
                  </div>
                );
              })}
              <div role="cell" className="portfolio-table__td">
                <AlertTags alerts={row.alertas} compact />
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
