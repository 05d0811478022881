/** What the parent asks of the PDF renderer child, and what it answers (over the IPC channel). */
export interface RenderRequest {
  pdfPath: string;
  outPath: string;
  /** Largest embedded image (pixels) pdf.js decodes; a larger one fails the conversion. -1: no cap (tests). */
  maxImageSize: number;
  /** Long edge of the rendered page (px). */
  maxLongEdge: number;
  /** Highest rendering resolution (dpi): small pages are not blown up beyond it. */
  maxDpi: number;
}

export type RenderFailure = 'unreadable' | 'image-too-large';

export type RenderAnswer =
  { ok: true; width: number; height: number } | { ok: false; reason: RenderFailure; detail: string };
