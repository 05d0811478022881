/** What is drawn over a timelapse frame: the lots coloured by their status on the frame's date, and the date. */

export interface OverlayLot {
  /** Rings in frame pixels (outer first). */
  rings: Array<Array<[number, number]>>;
  /** The status colour; null for a lot with no status on that date (outlined only). */
  color: string | null;
  /** The lot the timelapse follows. */
  followed: boolean;
}

export interface FrameOverlay {
  width: number;
  height: number;
  lots: OverlayLot[];
  /** DD/MM/YYYY */
  dateLabel: string;
  /** e.g. 'Jardim das Palmeiras · Lote 12' */
  title: string;
  /** e.g. 'Em construção' (the followed lot's status), or '' */
  caption: string;
  /** The status colour of the caption's chip, or null. */
  captionColor: string | null;
}

const escapeXml = (value: string): string => value.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

const pathOf = (rings: OverlayLot['rings']): string =>
  rings
    .filter((ring) => ring.length >= 3)
    .map((ring) => `M${ring.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join('L')}Z`)
    .join('');

/** Rough text width of DejaVu Sans Bold at `size` px (for the label boxes). */
const textWidth = (value: string, size: number) => value.length * size * 0.62;

/** The frame's overlay as an SVG document (rendered by sharp's librsvg over the stitched tiles). */
export function overlaySvg(overlay: FrameOverlay): string {
  const { width, height } = overlay;
  const lotPaths = overlay.lots
    .filter((lot) => !lot.followed)
    .map((lot) => {
      const d = pathOf(lot.rings);
      if (!d) return '';
      const fill = lot.color ? `fill="${lot.color}" fill-opacity="0.35"` : 'fill="none"';
      return `<path d="${d}" ${fill} stroke="${lot.color ?? '#ffffff'}" stroke-opacity="0.9" stroke-width="1.2" fill-rule="evenodd"/>`;
    })
    .join('');
  const followed = overlay.lots
    .filter((lot) => lot.followed)
    .map((lot) => {
      const d = pathOf(lot.rings);
      if (!d) return '';
      const fill = lot.color ? `fill="${lot.color}" fill-opacity="0.25"` : 'fill="none"';
      return `<path d="${d}" ${fill} stroke="#000000" stroke-opacity="0.6" stroke-width="6" fill-rule="evenodd"/><path d="${d}" fill="none" stroke="#ffffff" stroke-width="3"/>`;
    })
    .join('');
  const size = Math.max(14, Math.min(34, Math.round(height / 18)));
  const small = Math.round(size * 0.55);
  const pad = Math.round(size * 0.45);
  const title = escapeXml(overlay.title);
  const caption = escapeXml(overlay.caption);
  const boxWidth = Math.min(
    width - 2 * pad,
    Math.max(textWidth(overlay.dateLabel, size), textWidth(overlay.title, small) * 0.95) + 2 * pad,
  );
  const boxHeight = size + small + pad * 2.4;
  const captionBlock = overlay.caption
    ? (() => {
        const chip = Math.round(small * 1.1);
        const captionWidth = textWidth(overlay.caption, small) + chip + pad * 3;
        const top = height - pad - (small + pad * 1.4);
        return (
          `<rect x="${pad}" y="${top}" width="${captionWidth}" height="${small + pad * 1.4}" rx="4" fill="#000000" fill-opacity="0.6"/>` +
          `<rect x="${pad * 2}" y="${top + (small + pad * 1.4 - chip) / 2}" width="${chip}" height="${chip}" rx="2" fill="${overlay.captionColor ?? '#9aa3ad'}"/>` +
          `<text x="${pad * 2.5 + chip}" y="${top + pad * 0.7 + small * 0.85}" font-size="${small}" fill="#ffffff">${caption}</text>`
        );
      })()
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, sans-serif" font-weight="bold">` +
    lotPaths +
    followed +
    `<rect x="${pad}" y="${pad}" width="${boxWidth}" height="${boxHeight}" rx="6" fill="#000000" fill-opacity="0.6"/>` +
    `<text x="${pad * 2}" y="${pad * 1.6 + size * 0.85}" font-size="${size}" fill="#ffffff">${escapeXml(overlay.dateLabel)}</text>` +
    `<text x="${pad * 2}" y="${pad * 2 + size + small * 0.85}" font-size="${small}" fill="#e8e8e8" font-weight="normal">${title}</text>` +
    captionBlock +
    `</svg>`
  );
}
