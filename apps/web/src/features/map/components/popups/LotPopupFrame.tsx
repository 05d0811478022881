import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { onOuterEscape } from '../../../../shared/ui/openLayers';

export interface LotPopupFrameProps {
  title: string;
  testId: string;
  /** 'compare': the 430 px popup of a date comparison; otherwise 700 px. */
  variant?: 'compare';
  onClose(): void;
  children: ReactNode;
}

/** The floating card of a lot popup: title, close button, scrolling body. */
export function LotPopupFrame({ title, testId, variant, onClose, children }: LotPopupFrameProps) {
  // Escape closes the popup, unless a layer opened from it (a dialog, a list, the date picker) takes the key.
  useEffect(() => onOuterEscape(onClose), [onClose]);
  return (
    <section
      className={`lot-popup${variant ? ` lot-popup--${variant}` : ''}`}
      data-testid={testId}
      aria-label={title}
    >
      <header className="lot-popup__header">
        <h2>{title}</h2>
        <Button type="text" icon={<CloseOutlined aria-hidden />} aria-label="Fechar" onClick={onClose} />
      </header>
      <div className="lot-popup__body">{children}</div>
    </section>
  );
}
