import { Select, Typography } from 'antd';

export interface MultiSelectAllProps {
  label: string;
  testId: string;
  options: { value: string; label: string }[];
  value: string[];
  onChange(value: string[]): void;
  /** Spec 9: one tag, text cut at 5 characters (2 for blocks). */
  maxTagTextLength: number;
}

/** A multiselect with a select-all / deselect-all link (spec 2.6). */
export function MultiSelectAll({
  label,
  testId,
  options,
  value,
  onChange,
  maxTagTextLength,
}: MultiSelectAllProps) {
  const all = value.length === options.length && options.length > 0;
  return (
    <div className="detections-filter" data-testid={testId}>
      <div className="detections-filter__label">
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
