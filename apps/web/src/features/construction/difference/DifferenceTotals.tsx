import { DSM_DIFFERENCE_MESSAGES as TEXT, type DsmDifference } from '@mirante/shared';

const volume = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const area = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const cubic = (value: number) => `${value < 0 ? '−' : ''}${volume.format(Math.abs(value))} m³`;

/** Cut, fill and net volumes of the difference (changes beyond the tolerance), with the areas they cover. */
export function DifferenceTotals({ difference }: { difference: DsmDifference }) {
  const rows = [
    { key: 'cut', label: TEXT.cut, value: cubic(difference.cut), area: difference.cutArea },
    { key: 'fill', label: TEXT.fill, value: cubic(difference.fill), area: difference.fillArea },
    { key: 'net', label: TEXT.net, value: cubic(difference.net), area: null },
  ];
  return (
    <dl className="dsm-totals" aria-label="Totais de corte e aterro">
      {rows.map((row) => (
        <div key={row.key} className={`dsm-totals__row dsm-totals__row--${row.key}`}>
          <dt>{row.label}</dt>
          <dd data-testid={`dsm-total-${row.key}`}>
            {row.value}
            {row.area !== null && <small> em {area.format(row.area)} m²</small>}
          </dd>
        </div>
      ))}
      <div className="dsm-totals__note">
        Área comparada: {area.format(difference.measuredArea)} m² · células de{' '}
        {volume.format(difference.cellSize * 100)} cm
      </div>
    </dl>
  );
}
