import { Select, Typography } from 'antd';
import type { Option } from '../model/portfolioFilters';

export interface FilterSelectProps {
  label: string;
  testId: string;
  options: Option[];
  value: string[];
  onChange(value: string[]): void;
  /** Spec 9: one tag, text cut at 5 characters (2 for blocks). */
  maxTagTextLength: number;
}

/** A portfolio multi-select filter with its select-all / deselect-all link (spec 2.7). */
export function FilterSelect({
  label,
  testId,
  options,
  value,
  onChange,
  maxTagTextLength,
}: FilterSelectProps) {
  const all = options.length > 0 && options.every((option) => value.includes(option.value));
  return (
    <div className="finance-filter" data-testid={testId}>
      <div className="finance-filter__label">
        <span>{label}</span>
        <Typography.Link onClick={() => onChange(all ? [] : options.map((option) => option.value))}>
          {all ? 'Desmarcar todos' : 'Selecionar todos'}
        </Typography.Link>
      </div>
      <Select
        mode="multiple"
        aria-label={label}
        options={options}
        value={value}
        onChange={onChange}
        maxTagCount={1}
        maxTagTextLength={maxTagTextLength}
        optionFilterProp="label"
        style={{ width: '100%' }}
      />
    </div>
  );
}
