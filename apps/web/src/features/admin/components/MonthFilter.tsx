import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** A month (YYYY-MM) chosen as MM/YYYY; never empty. */
export function MonthFilter({ value, onChange }: { value: string; onChange(month: string): void }) {
  return (
    <label className="admin-filter">
      <span>Mês</span>
      <DatePicker
        picker="month"
        format="MM/YYYY"
        allowClear={false}
        value={dayjs(`${value}-01`)}
        onChange={(month) => month && onChange(month.format('YYYY-MM'))}
        aria-label="Mês"
      />
    </label>
  );
}

/** YYYY-MM of the current month shifted by `shift` months. */
export const monthFromNow = (shift: number) => dayjs().add(shift, 'month').format('YYYY-MM');
