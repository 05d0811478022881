import type DxfParser from 'dxf-parser';
import type { IEntity } from 'dxf-parser';

/**
 * An ATTRIB: one attribute (tag and value, at a point in world coordinates) of the block INSERT it follows, as
 * surveyors' CAD tools number lots with a 'LOTE' block. dxf-parser 1.1 skips ATTRIB entities; this handler reads
 * them.
 */
export interface AttribEntity {
  type: 'ATTRIB';
  handle?: number;
  layer?: string;
  tag: string;
  text: string;
  x?: number;
  y?: number;
}

interface Group {
  code: number;
  value: unknown;
}

/** The part of dxf-parser's scanner an entity handler uses. */
interface Scanner {
  next(): Group;
  isEOF(): boolean;
}

class AttribHandler {
  readonly ForEntityName = 'ATTRIB';

  /** Reads up to the next entity's first group (code 0), as dxf-parser's own handlers do. */
  parseEntity(scanner: Scanner): AttribEntity {
    const entity: AttribEntity = { type: 'ATTRIB', tag: '', text: '' };
    let group = scanner.next();
    while (!scanner.isEOF() && group.code !== 0) {
      if (group.code === 1) entity.text = String(group.value);
      else if (group.code === 2) entity.tag = String(group.value);
      else if (group.code === 8) entity.layer = String(group.value);
      else if (group.code === 10) entity.x = Number(group.value);
      else if (group.code === 20) entity.y = Number(group.value);
      group = scanner.next();
    }
    return entity;
  }
}

type EntityHandler = Parameters<DxfParser['registerEntityHandler']>[0];

/** Makes the parser keep ATTRIB entities (in the entity list, right after their INSERT). */
export function withAttribs(parser: DxfParser): DxfParser {
  // 'ATTRIB' is not in the library's closed list of entity names; its registry takes any name at run time.
  parser.registerEntityHandler(AttribHandler as unknown as EntityHandler);
  return parser;
}

export const isAttrib = (entity: IEntity | AttribEntity): entity is AttribEntity => entity.type === 'ATTRIB';
