import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

export interface ToolToggleProps {
  label: string;
  icon: ReactNode;
  pressed: boolean;
  onClick(): void;
}

/** A map tool button that stays pressed while its tool or mode is on (tooltip to the left, as the column). */
export function ToolToggle({ label, icon, pressed, onClick }: ToolToggleProps) {
  return (
    <Tooltip title={label} placement="left">
      <Button
        aria-label={label}
        aria-pressed={pressed}
        type={pressed ? 'primary' : 'default'}
        icon={icon}
        onClick={onClick}
      />
    </Tooltip>
  );
}
