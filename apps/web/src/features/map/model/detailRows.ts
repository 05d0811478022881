import type { LayerDetailRow } from '@mirante/shared';

/** One row of a lot's detail list (the entities and their fields "Lot detail rows"), typed by its field. */
export function detailRow<F extends LayerDetailRow['field']>(rows: readonly LayerDetailRow[], field: F) {
  return rows.find((item): item is Extract<LayerDetailRow, { field: F }> => item.field === field);
}
