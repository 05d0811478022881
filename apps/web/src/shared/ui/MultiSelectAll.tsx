import { Select, Typography } from 'antd';
import './multi-select-all.css';

export interface MultiSelectAllProps {
  label: string;
  testId: string;
  options: { value: string; label: string }[];
  value: string[];
  onChange(value: string[]): void;
  /** The business limits: one tag, text cut at 5 characters (2 for blocks). */
  maxTagTextLength: number;
  /** The page's own class for the filter's width. */
  className?: string;
}

/**
 * A filter multiselect with its select-all / deselect-all link (the detections list detections report, 2.7 portfolio):
 * 'Desmarcar todos' once every option is chosen, else 'Selecionar todos'.
 */
export function MultiSelectAll({
  label,
  testId,
  options,
  value,
  onChange,
  maxTagTextLength,
  className,
}: MultiSelectAllProps) {
  const all = options.length > 0 && options.every((option) => value.includes(option.value));
  return (
    <div className={className ? `multi-select-all ${className}` : 'multi-select-all'} data-testid={testId}>
      <div className="multi-select-all__label">
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
