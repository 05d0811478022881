import type { Inspection } from '@mirante/shared';
import { checkDates, type DateCheck } from '../../map/model/dateComparison';

export type InspectionSide = 'before' | 'after';

/**
 * Two inspections compared as the allotment map compares dates: valid when both are chosen and the
 * earlier one's image is strictly older; the answer names the two scenes to show.
 */
export function checkInspections(
  inspections: readonly Inspection[],
  picked: Partial<Record<InspectionSide, number>>,
): DateCheck {
  const sceneOf = (id: number | undefined) => {
    const inspection = inspections.find((item) => item.id === id);
    return inspection ? { id: inspection.scene_id, isoDate: inspection.date } : undefined;
  };
  return checkDates(sceneOf(picked.before), sceneOf(picked.after));
}
