/** Where the lot popup goes and how far the map pans so that it never covers the clicked lot. */
export interface PopupPlacement {
  side: 'left' | 'right';
  /** Pixels to move the lot right (positive) or left; 0 when it is clear of the popup already. */
  shiftX: number;
}

export interface PlacementInput {
  /** The map stage's width (CSS pixels). */
  stageWidth: number;
  /** The lot's horizontal extent on screen. */
  lotLeft: number;
  lotRight: number;
  /** The popup's width as CSS draws it (700 px, or 430 px comparing dates; less on a narrow stage). */
  popupWidth: number;
  /** The popup's margin from the stage's left edge, and from its right edge (the tool column). */
  leftMargin: number;
  rightMargin: number;
}

/**
 * The popup takes the side away from the lot (a lot right of the middle: popup on the left); if the lot still
 * reaches under it, the map pans the lot to the middle of the free strip. The popup spans nearly the stage's
 * height, so only the horizontal extents matter.
 */
export function lotPopupPlacement(input: PlacementInput): PopupPlacement {
  const { stageWidth, lotLeft, lotRight, popupWidth, leftMargin, rightMargin } = input;
  const centre = (lotLeft + lotRight) / 2;
  const side = centre > stageWidth / 2 ? 'left' : 'right';
  const free =
    side === 'left'
      ? { from: leftMargin + popupWidth, to: stageWidth - rightMargin }
      : { from: 0, to: stageWidth - rightMargin - popupWidth };
  const gap = 8;
  if (lotLeft >= free.from + gap && lotRight <= free.to - gap) return { side, shiftX: 0 };
  return { side, shiftX: (free.from + free.to) / 2 - centre };
}
