import { useState } from 'react';

/** A dialog opened for an item (null: a new one). */
export interface DialogOpening<T> {
  open: boolean;
  item: T | null;
  /** Counts the openings: the dialog's key, so that each opening is a new dialog with a new form. */
  opening: number;
}

/**
 * The state of an edit dialog that stays mounted while it closes, so that antd gives the focus back to the button
 * that opened it.
 */
export function useDialogOpening<T>() {
  const [dialog, setDialog] = useState<DialogOpening<T>>({ open: false, item: null, opening: 0 });
  const openFor = (item: T | null) =>
    setDialog((current) => ({ open: true, item, opening: current.opening + 1 }));
  const close = () => setDialog((current) => ({ ...current, open: false }));
  return { dialog, openFor, close };
}
