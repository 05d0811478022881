import { deflateSync } from 'node:zlib';

/** A PDF of hand-written objects (1-based object numbers in order), with a correct cross-reference table. */
function assemblePdf(objects: (string | Buffer)[]): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    push(Buffer.from(`${index + 1} 0 obj\n`));
    push(typeof object === 'string' ? Buffer.from(object) : object);
    push(Buffer.from('\nendobj\n'));
  });
  const xref = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(chunks);
}

const stream = (dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);

/**
 * An image bomb: one page showing a `side`×`side` 1-bit image of zeros, deflated. At 20,000 px it is ~50 KB on
 * disk and 1.6 GB once pdf.js decodes it to RGBA (pdf.js defaults took 37 s and 3.3 GB here).
 */
export function imageBombPdf(side = 20_000): Buffer {
  const data = deflateSync(Buffer.alloc(Math.ceil(side / 8) * side), { level: 9 });
  const content = 'q 612 0 0 792 0 0 cm /Im0 Do Q';
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>',
    stream('', Buffer.from(content)),
    stream(
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode`,
      data,
    ),
  ]);
}

/** A small plan: an A3 landscape page with a building outline and a cross of axes (vector only). */
export function simplePlanPdf(): Buffer {
  const content = [
    '2 w 0 0 0 RG',
    '100 100 m 1090 100 l 1090 742 l 100 742 l h S',
    '300 250 m 890 250 l 890 600 l 300 600 l h S',
    '595 100 m 595 742 l S 100 421 m 1090 421 l S',
  ].join('\n');
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 1190 842] /Contents 4 0 R >>',
    stream('', Buffer.from(content)),
  ]);
}
