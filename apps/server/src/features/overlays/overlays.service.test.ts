import { describe, expect, it, vi } from 'vitest';
import type { ReceivedPdf } from '../../http/receive-pdf';
import type { Storage } from '../../storage/storage';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import type { OverlaysRepo } from './overlays.repo';
import { createOverlaysService } from './overlays.service';
import { PdfRenderError, renderPdfFirstPage, type PdfRenderFailure } from './pdf/pdf-first-page';
import type * as PdfFirstPage from './pdf/pdf-first-page';

// The renderer (a child process with its own time and memory limits, pdf-first-page.test.ts) is replaced: what
// is tested here is the word the person reads for each reason it gives up.
vi.mock('./pdf/pdf-first-page', async (original) => ({
  ...(await original<typeof PdfFirstPage>()),
  renderPdfFirstPage: vi.fn(),
}));

const user = { id: 7 } as AuthUser;
const upload: ReceivedPdf = {
  dir: '/nonexistent',
  pdfPath: '/nonexistent/upload.pdf',
  originalName: 'planta.pdf',
  cleanup: () => Promise.resolve(),
};
// Nothing is stored when the renderer gives up: the repo and the storage are never reached.
const service = createOverlaysService({} as OverlaysRepo, {} as ProjectsService, {} as Storage);

describe('overlays service: the PDF renderer’s reasons for giving up, as the person reads them', () => {
  it.each<[PdfRenderFailure, string]>([
    ['timeout', 'O PDF demorou demais para ser convertido (limite de 30 segundos).'],
    ['memory', 'O PDF exige memória demais para ser convertido.'],
    ['unreadable', 'O arquivo não pôde ser lido como PDF (danificado ou protegido por senha).'],
    [
      'image-too-large',
      'O PDF contém uma imagem grande demais (acima de 40 megapixels); exporte a planta com resolução menor.',
    ],
  ])('%s → 422 “%s”', async (reason, message) => {
    vi.mocked(renderPdfFirstPage).mockRejectedValueOnce(new PdfRenderError(reason, `killed: ${reason}`));
    await expect(service.convert(user, 1, upload)).rejects.toMatchObject({
      statusCode: 422,
      code: 'PDF_REFUSED',
      message,
    });
  });

  it('any other failure of the renderer is not dressed up as a refused PDF', async () => {
    const crash = new Error('spawn ENOMEM');
    vi.mocked(renderPdfFirstPage).mockRejectedValueOnce(crash);
    await expect(service.convert(user, 1, upload)).rejects.toBe(crash);
  });
});
