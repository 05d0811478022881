import { constructionSurface } from './elevation-model';
import { utmToLonLat, type Utm } from './projection';

export interface DemoNote {
  name: string;
  description: string;
  category: string;
  color: string;
  noteType: 'polygon' | 'line' | 'marker';
  geometry:
    | { type: 'Polygon'; coordinates: [number, number][][] }
    | { type: 'LineString'; coordinates: [number, number][] }
    | { type: 'Point'; coordinates: [number, number] };
}

const lonLat = (point: Utm) => utmToLonLat(point) as [number, number];
const ring = (points: Utm[]) => [...points, points[0] as Utm].map(lonLat);

/**
 * The notes an engineer would draw over the demo site's inspection `i`, placed on what its image, 3D model and
 * DSM show: the pit and the spoil heap while digging, the crane, the hoarding, the structure going up.
 */
export function demoConstructionNotes(i: number): DemoNote[] {
  const { bounds, building, heap, heapAt } = constructionSurface(i);
  const at = (dx: number, dy: number): Utm => [bounds.x0 + dx, bounds.y0 + dy];
  const footprint = ring([
    at(building.x0, building.y0),
    at(building.x1, building.y0),
    at(building.x1, building.y1),
    at(building.x0, building.y1),
  ]);
  // The pit's outline 1.5 m out on the ground around it: the volume's base is read at these vertices.
  const pitEdge = ring([
    at(building.x0 - 1.5, building.y0 - 1.5),
    at(building.x1 + 1.5, building.y0 - 1.5),
    at(building.x1 + 1.5, building.y1 + 1.5),
    at(building.x0 - 1.5, building.y1 + 1.5),
  ]);
  const notes: DemoNote[] = [
    {
      name: 'Tapume frontal',
      description: 'Tapume metálico ao longo da divisa sul do terreno.',
      category: 'Segurança',
      color: '#d4380d',
      noteType: 'line',
      geometry: { type: 'LineString', coordinates: [at(1, 1), at(bounds.x1 - bounds.x0 - 1, 1)].map(lonLat) },
    },
  ];
  if (i <= 2) {
    notes.push({
      name: i < 2 ? 'Escavação da torre' : 'Fundações da torre',
      description:
        i < 2 ? 'Cava da torre; volume medido no modelo de elevação.' : 'Blocos e cintas concretados.',
      category: 'Terraplenagem',
      color: '#ad6800',
      noteType: 'polygon',
      geometry: { type: 'Polygon', coordinates: [pitEdge] },
    });
  }
  if (heap) {
    const around = Array.from({ length: 10 }, (_, k): Utm => {
      const angle = (k / 10) * 2 * Math.PI;
      return [
        heapAt[0] + (heap.radius + 1) * Math.cos(angle),
        heapAt[1] + (heap.radius + 1) * Math.sin(angle),
      ];
    });
    notes.push({
      name: 'Bota-fora provisório',
      description: 'Terra da escavação aguardando caminhões.',
      category: 'Terraplenagem',
      color: '#ad6800',
      noteType: 'polygon',
      geometry: { type: 'Polygon', coordinates: [ring(around)] },
    });
  }
  if (i >= 2) {
    notes.push({
      name: 'Grua',
      description: 'Base da grua torre.',
      category: 'Equipamentos',
      color: '#1d39c4',
      noteType: 'marker',
      geometry: { type: 'Point', coordinates: lonLat(at(building.x1 + 4, building.y0 + 6)) },
    });
  }
  if (i >= 3) {
    notes.push({
      name: 'Estrutura em execução',
      description: 'Pilares e lajes do pavimento em concretagem.',
      category: 'Estrutura',
      color: '#531dab',
      noteType: 'polygon',
      geometry: { type: 'Polygon', coordinates: [footprint] },
    });
  }
  return notes;
}
