import { describe, expect, it } from 'vitest';
import type { Note, Scene } from '@mirante/shared';
import { noteDrawStyle, notesCollection, notesLayers } from './noteStyles';

const note = (id: number, type: 'Polygon' | 'Point'): Note =>
  ({
    id,
    name: `Anotação ${id}`,
    layerGeojson: {
      type: 'Feature',
      properties: { id, note_type: type === 'Point' ? 'marker' : 'polygon', color: '#ff0000' },
      geometry:
        type === 'Point'
          ? { type, coordinates: [-51.9, -23.4] }
          : {
              type,
              coordinates: [
                [
                  [0, 0],
                  [1, 0],
                  [1, 1],
                  [0, 0],
                ],
              ],
            },
    },
  }) as Note;

describe('notesCollection', () => {
  it('keeps each note as a feature with its colour and name', () => {
    const collection = notesCollection([note(1, 'Polygon'), note(2, 'Point')]);
    expect(collection.features.map((feature) => feature.properties)).toEqual([
      { id: 1, note_type: 'polygon', color: '#ff0000', name: 'Anotação 1' },
      { id: 2, note_type: 'marker', color: '#ff0000', name: 'Anotação 2' },
    ]);
  });
});

describe('notesLayers', () => {
  it('fills polygons only and draws points as circles', () => {
    const [fill, line, marker] = notesLayers('x');
    expect(fill).toMatchObject({ type: 'fill', filter: ['==', ['geometry-type'], 'Polygon'] });
    expect(line).toMatchObject({ type: 'line', filter: ['!=', ['geometry-type'], 'Point'] });
    expect(marker).toMatchObject({ type: 'circle', filter: ['==', ['geometry-type'], 'Point'] });
  });
});

describe('noteDrawStyle', () => {
  it('shows the scene tiles only once the scene is ready', () => {
    const scene = {
      status: 'ready',
      tileUrl: '/tiles/obra/2026-03-10/{z}/{x}/{y}.png',
      bounds: [
        [-52, -24],
        [-51, -23],
      ],
      maxZoom: 21,
    } as Scene;
    const ready = noteDrawStyle(scene, 'token', 'http://localhost');
    expect(ready.layers.map((layer) => layer.id)).toEqual(['background', 'scene']);
    expect(JSON.stringify(ready.sources)).toContain('api_token=token');
    const queued = noteDrawStyle({ ...scene, status: 'queued' }, 'token', 'http://localhost');
    expect(queued.layers.map((layer) => layer.id)).toEqual(['background']);
  });
});
