import { describe, expect, it } from 'vitest';
import { drawLabels, type PlacedLabel } from './exportLabels';

/** Records what is drawn on a 2D context. */
function recordingContext() {
  const calls: string[] = [];
  const context = {
    save: () => calls.push('save'),
    restore: () => calls.push('restore'),
    scale: (x: number, y: number) => calls.push(`scale ${x} ${y}`),
    strokeText: (text: string, x: number, y: number) => calls.push(`stroke ${text} ${x} ${y}`),
    fillText: (text: string, x: number, y: number) => calls.push(`fill ${text} ${x} ${y}`),
    textAlign: '',
    textBaseline: '',
    lineJoin: '',
    font: '',
    lineWidth: 0,
    strokeStyle: '',
    fillStyle: '',
  };
  return { calls, context: context as unknown as CanvasRenderingContext2D };
}

describe('drawLabels', () => {
  it('draws each label with a halo first, at its CSS position scaled to device pixels', () => {
    const { calls, context } = recordingContext();
    const labels: PlacedLabel[] = [
      { id: 1, kind: 'lot', text: '12', x: 100, y: 50 },
      { id: 2, kind: 'stage', text: 'Etapa 1', x: 10, y: 20 },
    ];
    drawLabels(context, labels, 2);
    expect(calls).toEqual([
      'save',
      'scale 2 2',
      'stroke 12 100 50',
      'fill 12 100 50',
      'stroke ETAPA 1 10 20',
      'fill ETAPA 1 10 20',
      'restore',
    ]);
  });

  it('draws nothing but the save/restore pair without labels', () => {
    const { calls, context } = recordingContext();
    drawLabels(context, [], 1);
    expect(calls).toEqual(['save', 'scale 1 1', 'restore']);
  });
});
