import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderAnswer, RenderRequest } from './pdf-render-protocol';

/*
 * Renders page 1 of a PDF to a PNG, in a process of its own (the parent limits its time and memory and kills it
 * past them). pdf.js (from 6 on) compiles no code from a document (CVE-2024-4367 came through such a path); fonts
 * are drawn as paths and embedded images capped: an image past the cap is reported, never decoded.
 */
const IMAGE_REMOVED = 'Image exceeded maximum allowed size';

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

function reply(answer: RenderAnswer): void {
  process.send?.(answer, () => process.exit(0));
}

async function render(request: RenderRequest): Promise<RenderAnswer> {
  let imageRemoved = false;
  const [log, warn] = [console.log, console.warn];
  // pdf.js reports a removed image only as a warning on the console.
  console.log = console.warn = (...args: unknown[]) => {
    if (args.some((arg) => String(arg).includes(IMAGE_REMOVED))) imageRemoved = true;
  };
  try {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const data = new Uint8Array(await readFile(request.pdfPath));
    const loading = pdfjs.getDocument({
      data,
      maxImageSize: request.maxImageSize,
      disableFontFace: true,
      useSystemFonts: false,
      standardFontDataUrl: `${pathToFileURL(path.join(pdfjsRoot, 'standard_fonts')).pathname}/`,
      cMapUrl: `${pathToFileURL(path.join(pdfjsRoot, 'cmaps')).pathname}/`,
      cMapPacked: true,
      verbosity: 1,
    });
    const document = await loading.promise;
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const scale = Math.min(
      request.maxLongEdge / Math.max(natural.width, natural.height),
      request.maxDpi / 72,
    );
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    type RenderContext = Parameters<typeof page.render>[0]['canvasContext'];
    // pdf.js's own Node canvas factory (@napi-rs/canvas), typed loosely by pdf.js.
    const factory = document.canvasFactory as unknown as {
      create(
        width: number,
        height: number,
      ): {
        canvas: { encode(format: 'png'): Promise<Buffer> };
        context: RenderContext;
      };
    };
    const target = factory.create(width, height);
    await page.render({
      // With a canvas, pdf.js asks it for an opaque context; without one it draws on ours (with alpha).
      canvas: null,
      canvasContext: target.context,
      viewport,
      // Transparent where the plan draws nothing, so its lines lie over the imagery.
      background: 'rgba(0,0,0,0)',
    }).promise;
    if (imageRemoved) return { ok: false, reason: 'image-too-large', detail: IMAGE_REMOVED };
    const { writeFile } = await import('node:fs/promises');
    await writeFile(request.outPath, await target.canvas.encode('png'));
    await loading.destroy();
    return { ok: true, width, height };
  } catch (error) {
    if (imageRemoved) return { ok: false, reason: 'image-too-large', detail: IMAGE_REMOVED };
    return { ok: false, reason: 'unreadable', detail: String(error) };
  } finally {
    [console.log, console.warn] = [log, warn];
  }
}

process.once('message', (request: RenderRequest) => {
  void render(request).then(reply);
});
