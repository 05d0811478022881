import { describe, expect, it } from 'vitest';
import { canSelect, clickSelect, hoverSelect, needsShift, toggleMode, type Candidate } from './lotSelection';

const lot: Candidate = { id: 1, type: 'LOT', hasDetection: false };
const classified: Candidate = { id: 2, type: 'LOT', hasDetection: true };
const block: Candidate = { id: 3, type: 'BLOCK', hasDetection: false };
const green: Candidate = { id: 4, type: 'AREA_VERDE', hasDetection: false };
const none = { shift: false, ctrl: false };
const shift = { shift: true, ctrl: false };
const ctrl = { shift: false, ctrl: true };

describe('lot selection', () => {
  it('selects lots and blocks in label mode, only lots in detection mode, nothing otherwise', () => {
    expect(canSelect(lot, 'labels', none)).toBe(true);
    expect(canSelect(block, 'labels', none)).toBe(true);
    expect(canSelect(green, 'labels', none)).toBe(false);
    expect(canSelect(block, 'detections', none)).toBe(false);
    expect(canSelect(lot, 'detections', none)).toBe(true);
    expect(canSelect(lot, 'none', shift)).toBe(false);
  });

  it('in detection mode selects lots that already have a detection type only with Shift', () => {
    expect(clickSelect([], classified, 'detections', none)).toEqual([]);
    expect(clickSelect([], classified, 'detections', shift)).toEqual([2]);
    expect(clickSelect([], classified, 'detections', ctrl)).toEqual([]);
    expect(clickSelect([], lot, 'detections', none)).toEqual([1]);
    expect(needsShift(classified, 'detections')).toBe(true);
    expect(needsShift(lot, 'detections')).toBe(false);
  });

  it('in label mode a plain click selects any lot, classified or not', () => {
    expect(clickSelect([], classified, 'labels', none)).toEqual([2]);
    expect(needsShift(classified, 'labels')).toBe(false);
  });

  it('click toggles; a second click deselects', () => {
    const once = clickSelect([], lot, 'labels', none);
    expect(once).toEqual([1]);
    expect(clickSelect(once, lot, 'labels', none)).toEqual([]);
  });

  it('hover selects only with Ctrl or Shift held and never deselects', () => {
    expect(hoverSelect([], lot, 'labels', none)).toEqual([]);
    expect(hoverSelect([], lot, 'labels', ctrl)).toEqual([1]);
    expect(hoverSelect([1], lot, 'labels', ctrl)).toEqual([1]);
    expect(hoverSelect([], classified, 'detections', ctrl)).toEqual([]);
    expect(hoverSelect([], classified, 'detections', shift)).toEqual([2]);
  });

  it('keeps label and detection editing mutually exclusive', () => {
    expect(toggleMode('none', 'labels')).toBe('labels');
    expect(toggleMode('labels', 'detections')).toBe('detections');
    expect(toggleMode('detections', 'detections')).toBe('none');
  });
});
