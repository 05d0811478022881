import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import { lonLatToUtm, utmToLonLat } from './projection';
import { DEMO_SITES } from './sites';

/** The demo tower's footprint in its 60 × 80 m lot, metres from the lot's south-west corner (as the scenes). */
const BUILDING = { x0: 14, y0: 16, x1: 46, y1: 58 };
const LOT = { width: 60, height: 80 };
/** A3 portrait, in points; the lot at 1:250 (1 m = 4 mm). */
const PAGE = { width: 842, height: 1191 };
const POINTS_PER_METRE = (4 / 25.4) * 72;
const ORIGIN = { x: (PAGE.width - LOT.width * POINTS_PER_METRE) / 2, y: 150 };

/** A point of the lot (metres from its south-west corner) on the page, in points (y up). */
const onPage = (dx: number, dy: number) => ({
  x: ORIGIN.x + dx * POINTS_PER_METRE,
  y: ORIGIN.y + dy * POINTS_PER_METRE,
});

export interface PlanControlPoint {
  lng: number;
  lat: number;
  x: number;
  y: number;
}

/**
 * The demo construction's site plan as an architect would send it: an A3 PDF at 1:250 with the lot, the tower's
 * footprint and column grid, a north arrow and a title block — drawn from the same plan as the demo scenes.
 */
export async function constructionPlanPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle('Edifício Aurora — planta de situação');
  const page = document.addPage([PAGE.width, PAGE.height]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.12);
  const red = rgb(0.78, 0.1, 0.1);
  const blue = rgb(0.1, 0.3, 0.7);
  const line = (a: [number, number], b: [number, number], thickness: number, color = ink, dash?: number[]) =>
    page.drawLine({
      start: onPage(...a),
      end: onPage(...b),
      thickness,
      color,
      ...(dash ? { dashArray: dash } : {}),
    });
  const box = (
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    thickness: number,
    color = ink,
    dash?: number[],
  ) => {
    line([x0, y0], [x1, y0], thickness, color, dash);
    line([x1, y0], [x1, y1], thickness, color, dash);
    line([x1, y1], [x0, y1], thickness, color, dash);
    line([x0, y1], [x0, y0], thickness, color, dash);
  };

  box(0, 0, LOT.width, LOT.height, 2, blue, [10, 6]);
  box(BUILDING.x0, BUILDING.y0, BUILDING.x1, BUILDING.y1, 5, red);
  // Column grid every 8 m (x) and 7 m (y) inside the footprint, with axis bubbles.
  for (let x = BUILDING.x0; x <= BUILDING.x1 + 0.01; x += 8) {
    line([x, BUILDING.y0 - 3], [x, BUILDING.y1 + 3], 0.6, ink, [4, 3]);
    const top = onPage(x, BUILDING.y1 + 4.5);
    page.drawCircle({ x: top.x, y: top.y, size: 9, borderColor: ink, borderWidth: 0.8 });
    page.drawText(String.fromCharCode(65 + Math.round((x - BUILDING.x0) / 8)), {
      x: top.x - 3.5,
      y: top.y - 4,
      size: 10,
      font,
      color: ink,
    });
  }
  for (let y = BUILDING.y0; y <= BUILDING.y1 + 0.01; y += 7) {
    line([BUILDING.x0 - 3, y], [BUILDING.x1 + 3, y], 0.6, ink, [4, 3]);
    const left = onPage(BUILDING.x0 - 4.5, y);
    page.drawCircle({ x: left.x, y: left.y, size: 9, borderColor: ink, borderWidth: 0.8 });
    page.drawText(String(Math.round((y - BUILDING.y0) / 7) + 1), {
      x: left.x - 3,
      y: left.y - 4,
      size: 10,
      font,
      color: ink,
    });
    for (let x = BUILDING.x0; x <= BUILDING.x1 + 0.01; x += 8) {
      const column = onPage(x, y);
      page.drawRectangle({ x: column.x - 3, y: column.y - 3, width: 6, height: 6, color: ink });
    }
  }
  const label = onPage(BUILDING.x0 + 2, BUILDING.y1 - 4);
  page.drawText('TORRE — PROJEÇÃO', { x: label.x, y: label.y, size: 12, font: bold, color: red });
  const lotLabel = onPage(1.5, 1.5);
  page.drawText('LIMITE DO TERRENO (60 x 80 m)', {
    x: lotLabel.x,
    y: lotLabel.y,
    size: 9,
    font,
    color: blue,
  });

  // North arrow (grid north) and the title block.
  const north = { x: PAGE.width - 45, y: PAGE.height - 80 };
  page.drawLine({
    start: { x: north.x, y: north.y - 30 },
    end: { x: north.x, y: north.y + 30 },
    thickness: 2,
  });
  page.drawLine({
    start: { x: north.x, y: north.y + 30 },
    end: { x: north.x - 8, y: north.y + 14 },
    thickness: 2,
  });
  page.drawLine({
    start: { x: north.x, y: north.y + 30 },
    end: { x: north.x + 8, y: north.y + 14 },
    thickness: 2,
  });
  page.drawText('N', { x: north.x - 5, y: north.y + 36, size: 16, font: bold, color: ink });
  page.drawRectangle({
    x: 40,
    y: 40,
    width: PAGE.width - 80,
    height: 80,
    borderColor: ink,
    borderWidth: 1.5,
  });
  page.drawText('EDIFÍCIO AURORA — ZONA 7 · MARINGÁ/PR', { x: 56, y: 92, size: 14, font: bold, color: ink });
  page.drawText('PLANTA DE SITUAÇÃO E LOCAÇÃO DOS PILARES', { x: 56, y: 72, size: 11, font, color: ink });
  page.drawText('ESCALA 1:250 · FOLHA A3 · PRANCHA 01/01', { x: 56, y: 54, size: 10, font, color: ink });
  return document.save();
}

/**
 * Where the plan's control points lie: on the map (the lot's corners the scenes draw) and on the image rendered
 * from page 1 (`width` × `height` px): the tower's south-west and north-east corners.
 */
export function constructionPlanPoints(width: number, height: number): PlanControlPoint[] {
  const ring = (DEMO_SITES.construction.outline.coordinates[0] ?? []).map((p) =>
    lonLatToUtm([Number(p[0]), Number(p[1])]),
  );
  const west = Math.min(...ring.map((p) => p[0]));
  const south = Math.min(...ring.map((p) => p[1]));
  const point = (dx: number, dy: number): PlanControlPoint => {
    const [lng, lat] = utmToLonLat([west + dx, south + dy]);
    const onSheet = onPage(dx, dy);
    return {
      lng,
      lat,
      x: (onSheet.x / PAGE.width) * width,
      y: ((PAGE.height - onSheet.y) / PAGE.height) * height,
    };
  };
  return [point(BUILDING.x0, BUILDING.y0), point(BUILDING.x1, BUILDING.y1)];
}
