/** Shortest time a failure stays on screen, even a two-word one. */
export const MIN_LASTING_SECONDS = 6;
/** A reader's pace: about three words a second, plus a second to notice the message. */
const WORDS_PER_SECOND = 3;

/** How long an error or warning stays (pausing while hovered): long enough to read it, never under 6 s. */
export function lastingSeconds(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(MIN_LASTING_SECONDS, Math.ceil(1 + words / WORDS_PER_SECOND));
}
