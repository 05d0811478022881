import type { ComponentType } from 'react';
import { ImportModal } from '../io/ImportModal';

/** What the portfolio hands the spreadsheet import modal (the finance page 'Importar'). */
export interface ImportModalProps {
  projectId: number;
  hasStage: boolean;
  open: boolean;
  onClose(): void;
  /** After an import with at least one row in: the page reloads the portfolio with its filters reset. */
  onImported(): void;
}

/**
 * The slot of the import modal, built by the spreadsheet import (finance-io): set it to that component and the
 * portfolio's 'Importar' button opens it. While it is null the button is not shown.
 */
export const IMPORT_MODAL: ComponentType<ImportModalProps> | null = ImportModal;
