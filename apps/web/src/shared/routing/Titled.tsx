import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

/** A page with its own browser tab title. */
export function Titled({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return children;
}
