// Writes an ASCII DXF (AutoCAD 2000 group codes) with closed LWPOLYLINEs, TEXT and MTEXT — what a surveyor's CAD
// export of an allotment looks like: lot outlines on one layer, block outlines on another, numbers as text.

export interface DxfPolyline {
  layer: string;
  /** One closed ring, without repeating the first point. */
  points: number[][];
}

export interface DxfText {
  layer: string;
  at: number[];
  text: string;
  mtext?: boolean;
}

const fixed = (value: number) => value.toFixed(4);

export function writeDxf(polylines: DxfPolyline[], texts: DxfText[]): string {
  let handle = 0x100;
  const next = () => (handle++).toString(16).toUpperCase();
  const lines: (string | number)[] = [
    0,
    'SECTION',
    2,
    'HEADER',
    9,
    '$ACADVER',
    1,
    'AC1015',
    9,
    '$INSUNITS',
    70,
    6,
    0,
    'ENDSEC',
  ];
  lines.push(0, 'SECTION', 2, 'ENTITIES');
  for (const polyline of polylines) {
    lines.push(0, 'LWPOLYLINE', 5, next(), 100, 'AcDbEntity', 8, polyline.layer, 100, 'AcDbPolyline');
    lines.push(90, polyline.points.length, 70, 1);
    for (const point of polyline.points) lines.push(10, fixed(point[0]!), 20, fixed(point[1]!));
  }
  for (const text of texts) {
    if (text.mtext) {
      lines.push(0, 'MTEXT', 5, next(), 100, 'AcDbEntity', 8, text.layer, 100, 'AcDbMText');
      lines.push(10, fixed(text.at[0]!), 20, fixed(text.at[1]!), 30, '0.0', 40, '2.0', 1, text.text);
    } else {
      lines.push(0, 'TEXT', 5, next(), 100, 'AcDbEntity', 8, text.layer, 100, 'AcDbText');
      lines.push(10, fixed(text.at[0]!), 20, fixed(text.at[1]!), 30, '0.0', 40, '1.0', 1, text.text);
    }
  }
  lines.push(0, 'ENDSEC', 0, 'EOF');
  return `${lines.join('\r\n')}\r\n`;
}
