import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/** The pictures a PDF embeds (image XObjects, not counting the soft masks that carry their alpha). */
export async function pdfImages(bytes: Uint8Array): Promise<{ width: number; height: number }[]> {
  const pdf = await PDFDocument.load(bytes);
  const objects = pdf.context.enumerateIndirectObjects();
  const dictOf = (object: unknown) =>
    object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : null;
  const masks = new Set(
    objects.map(([, object]) => dictOf(object)?.get(PDFName.of('SMask'))?.toString()).filter(Boolean),
  );
  return objects
    .filter(([ref, object]) => {
      const dict = dictOf(object);
      return dict?.get(PDFName.of('Subtype')) === PDFName.of('Image') && !masks.has(ref.toString());
    })
    .map(([, object]) => {
      const dict = dictOf(object) as PDFDict;
      return {
        width: Number(dict.get(PDFName.of('Width'))?.toString()),
        height: Number(dict.get(PDFName.of('Height'))?.toString()),
      };
    });
}

/** Every page's text (pdf.js), joined by spaces. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
  });
  const document = await loading.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await loading.destroy();
  return pages.join(' ');
}
