import { LAYER_IMPORT_MESSAGES, type ImportProblem } from '@mirante/shared';
import DxfParser, {
  type IArcEntity,
  type ICircleEntity,
  type ILineEntity,
  type IEntity,
  type IInsertEntity,
  type ILwpolylineEntity,
  type IMtextEntity,
  type IPolylineEntity,
  type ITextEntity,
} from 'dxf-parser';
import { unprocessable } from '../../../http/app-error';
import { layerTypeOf } from '../attribute-type';
import { facesOf } from '../topology';
import { isAttrib, withAttribs, type AttribEntity } from './dxf-attribs';
import { bulgeSegment, circleRing, closedRing, ringArea, ringContains, type Point } from './dxf-shapes';
import { attributeMeaning, meaningOf } from './dxf-texts';
import type { SourceFeature, SourceFile } from './source-file';

interface Shape {
  handle: string;
  layer: string;
  ring: Point[];
  area: number;
  bbox: [number, number, number, number];
  isBlock: boolean;
  lot: string | null;
  block: string | null;
  lotTexts: number;
}

interface Label {
  kind: 'lot' | 'block';
  value: string;
  at: Point;
}

const OPEN_KINDS = new Set(['SPLINE', 'ELLIPSE']);

function bboxOf(ring: Point[]): [number, number, number, number] {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ring) {
    w = Math.min(w, x);
    s = Math.min(s, y);
    e = Math.max(e, x);
    n = Math.max(n, y);
  }
  return [w, s, e, n];
}

const handleOf = (entity: IEntity) => (entity.handle === undefined ? null : String(entity.handle));

/** The closed ring an entity draws, or null (open or not a shape). */
function ringOf(entity: IEntity): Point[] | null {
  if (entity.type === 'LWPOLYLINE' || entity.type === 'POLYLINE') {
    const polyline = entity as ILwpolylineEntity | IPolylineEntity;
    const vertices = polyline.vertices ?? [];
    if (vertices.length < 3) return null;
    const first = vertices[0]!;
    const last = vertices[vertices.length - 1]!;
    const closedByPoint = first.x === last.x && first.y === last.y;
    if (!polyline.shape && !closedByPoint) return null;
    return closedRing(closedByPoint ? vertices.slice(0, -1) : vertices);
  }
  if (entity.type === 'CIRCLE') {
    const circle = entity as ICircleEntity;
    return circleRing(circle.center.x, circle.center.y, circle.radius);
  }
  return null;
}

/** A LINE, an ARC (drawn as segments) or an open polyline as a line, to close faces with others. */
function lineOf(entity: IEntity): Point[] | null {
  if (entity.type === 'LINE') {
    const [a, b] = (entity as ILineEntity).vertices ?? [];
    return a && b
      ? [
          [a.x, a.y],
          [b.x, b.y],
        ]
      : null;
  }
  if (entity.type === 'ARC') {
    const arc = entity as IArcEntity;
    let sweep = arc.endAngle - arc.startAngle;
    if (sweep <= 0) sweep += 2 * Math.PI;
    const steps = Math.max(2, Math.ceil(sweep / (Math.PI / 36)));
    return Array.from({ length: steps + 1 }, (_, i): Point => {
      const t = arc.startAngle + (sweep * i) / steps;
      return [arc.center.x + arc.radius * Math.cos(t), arc.center.y + arc.radius * Math.sin(t)];
    });
  }
  if (entity.type === 'LWPOLYLINE' || entity.type === 'POLYLINE') {
    const vertices = (entity as ILwpolylineEntity | IPolylineEntity).vertices ?? [];
    if (vertices.length < 2) return null;
    const line: Point[] = [];
    for (let i = 0; i < vertices.length - 1; i++) {
      const a = vertices[i]!;
      const b = vertices[i + 1]!;
      line.push(...bulgeSegment([a.x, a.y], [b.x, b.y], a.bulge ?? 0));
    }
    const last = vertices[vertices.length - 1]!;
    line.push([last.x, last.y]);
    return line;
  }
  return null;
}

function labelOf(entity: IEntity): Label | null {
  if (entity.type === 'TEXT') {
    const text = entity as ITextEntity;
    const meaning = meaningOf(text.text ?? '');
    const at = text.startPoint;
    return meaning && at ? { ...meaning, at: [at.x, at.y] } : null;
  }
  if (entity.type === 'MTEXT') {
    const text = entity as IMtextEntity;
    const meaning = meaningOf(text.text ?? '');
    return meaning && text.position ? { ...meaning, at: [text.position.x, text.position.y] } : null;
  }
  return null;
}

/** A block attribute's lot number or block name, at its own point (else at its INSERT's). */
function attribLabel(attrib: AttribEntity, insertAt: Point | null): Label | null {
  const meaning = attributeMeaning(attrib.tag, attrib.text);
  const at: Point | null =
    attrib.x !== undefined && attrib.y !== undefined && Number.isFinite(attrib.x + attrib.y)
      ? [attrib.x, attrib.y]
      : insertAt;
  return meaning && at ? { ...meaning, at } : null;
}

/** A coarse grid over the shapes' boxes: the shapes that may contain a point. */
function shapeIndex(shapes: Shape[]) {
  const cell = Math.max(
    1e-9,
    Math.sqrt(shapes.reduce((sum, s) => sum + s.area, 0) / Math.max(1, shapes.length)) * 2,
  );
  const cells = new Map<string, Shape[]>();
  for (const shape of shapes) {
    const [w, s, e, n] = shape.bbox;
    for (let i = Math.floor(w / cell); i <= Math.floor(e / cell); i++) {
      for (let j = Math.floor(s / cell); j <= Math.floor(n / cell); j++) {
        const key = `${i}:${j}`;
        const list = cells.get(key) ?? [];
        list.push(shape);
        cells.set(key, list);
      }
    }
  }
  /** The shapes containing the point, smallest first. */
  return (point: Point): Shape[] =>
    (cells.get(`${Math.floor(point[0] / cell)}:${Math.floor(point[1] / cell)}`) ?? [])
      .filter((shape) => ringContains(shape.ring, point))
      .sort((a, b) => a.area - b.area);
}

const centreOf = (ring: Point[]): Point => {
  const points = ring.slice(0, -1);
  return [
    points.reduce((sum, p) => sum + p[0], 0) / points.length,
    points.reduce((sum, p) => sum + p[1], 0) / points.length,
  ];
};

function warning(message: string, at: Point, featureId: string | null, index: number | null): ImportProblem {
  return { code: 'TEXT_PLACEMENT', severity: 'warning', message, index, featureId, location: at };
}

/**
 * A DXF drawing (ASCII): closed polylines (arcs of bulged segments drawn) and circles become polygons; the
 * TEXT/MTEXT inside each gives its lot number ('7', 'LOTE 7', 'LT-07') or its block ('QUADRA 12', 'QD B'), and so
 * do the attributes of block INSERTs placed inside (tag LOTE/NUM or QUADRA/QD); a lot inside a block shape takes
 * the block's name. The DXF layer of each shape is its source layer (LOTES, QUADRAS…).
 * Coordinates stay in the drawing's units and CRS (a DXF has none: the user names it).
 */
export function readDxf(buffer: Buffer): SourceFile {
  let entities: IEntity[];
  try {
    const parsed = withAttribs(new DxfParser()).parseSync(buffer.toString('latin1'));
    entities = parsed?.entities ?? [];
  } catch {
    throw unprocessable('INVALID_FILE', LAYER_IMPORT_MESSAGES.invalidDxf);
  }
  const shapes: Shape[] = [];
  const labels: Label[] = [];
  const openLayers = new Map<string, number>();
  const lines = new Map<string, Point[][]>();
  const addShape = (ring: Point[], layer: string, handle: string | null) =>
    shapes.push({
      handle: handle ?? String(shapes.length + 1),
      layer,
      ring,
      area: ringArea(ring),
      bbox: bboxOf(ring),
      isBlock: layerTypeOf(layer) === 'BLOCK',
      lot: null,
      block: null,
      lotTexts: 0,
    });
  let insertAt: Point | null = null;
  for (const entity of entities as (IEntity | AttribEntity)[]) {
    if (isAttrib(entity)) {
      const label = attribLabel(entity, insertAt);
      if (label) labels.push(label);
      continue;
    }
    if (entity.type === 'INSERT') {
      const position = (entity as IInsertEntity).position;
      insertAt = position ? [position.x, position.y] : null;
      continue;
    }
    const layer = entity.layer ?? '0';
    const ring = ringOf(entity);
    if (ring) {
      addShape(ring, layer, handleOf(entity));
      continue;
    }
    const label = labelOf(entity);
    if (label) {
      labels.push(label);
      continue;
    }
    const line = lineOf(entity);
    if (line) lines.set(layer, [...(lines.get(layer) ?? []), line]);
    else if (OPEN_KINDS.has(entity.type)) openLayers.set(layer, (openLayers.get(layer) ?? 0) + 1);
  }
  // Lots drawn as loose lines and arcs (per DXF layer): the faces they close become polygons too.
  for (const [layer, layerLines] of lines) {
    const faces = facesOf(layerLines);
    for (const face of faces) addShape(face as Point[], layer, null);
    if (faces.length === 0) openLayers.set(layer, (openLayers.get(layer) ?? 0) + layerLines.length);
  }
  const problems: ImportProblem[] = [];
  const containing = shapeIndex(shapes);
  for (const label of labels) {
    const around = containing(label.at);
    const target =
      label.kind === 'block'
        ? (around.find((shape) => shape.isBlock) ?? around[0])
        : (around.find((shape) => !shape.isBlock) ?? around[0]);
    if (!target) {
      problems.push(
        warning(`Texto '${label.value}' fora de qualquer polígono: ignorado.`, label.at, null, null),
      );
      continue;
    }
    if (label.kind === 'block') {
      target.block ??= label.value;
      continue;
    }
    target.lotTexts += 1;
    if (target.lot === null) target.lot = label.value;
    else {
      const index = shapes.indexOf(target);
      problems.push(
        warning(
          `Feição ${index + 1}: mais de um número de lote dentro do polígono ('${target.lot}', '${label.value}'); usado '${target.lot}'.`,
          label.at,
          target.handle,
          index,
        ),
      );
    }
  }
  for (const shape of shapes) {
    if (shape.block !== null || shape.isBlock) continue;
    const owner = containing(centreOf(shape.ring)).find(
      (other) => other !== shape && other.block !== null && other.area > shape.area,
    );
    if (owner) shape.block = owner.block;
  }
  for (const [layer, count] of openLayers) {
    problems.push({
      code: 'OPEN_SHAPE',
      severity: 'warning',
      message: `${count} linha(s) na camada '${layer}' sem fechar nenhum polígono: ignorada(s).`,
      index: null,
      featureId: null,
      location: null,
    });
  }
  const features: SourceFeature[] = shapes.map((shape, index) => ({
    index,
    featureId: shape.handle,
    sourceLayer: shape.layer,
    properties: { camada: shape.layer, lote: shape.lot, quadra: shape.block },
    geometry: { type: 'Polygon', coordinates: [shape.ring] },
  }));
  return { format: 'dxf', features, declaredCrs: { kind: 'none' }, problems };
}
