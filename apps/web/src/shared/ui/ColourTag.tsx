import { Tag } from 'antd';
import type { ReactNode } from 'react';
import './colour-tag.css';

/**
 * A tag in a data colour (a detection type's, a category's): the colour as a swatch beside dark text. antd would
 * write the text in the colour itself over a pale tint of it, unreadable for yellows and greens (WCAG 1.4.3).
 */
export function ColourTag({ colour, children }: { colour: string | undefined; children: ReactNode }) {
  if (colour === undefined) return <Tag>{children}</Tag>;
  return (
    <Tag className="colour-tag" icon={<span className="colour-tag__swatch" style={{ background: colour }} />}>
      {children}
    </Tag>
  );
}
