import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { REPORT_MESSAGES } from '@mirante/shared';

type State =
  { kind: 'loading' } | { kind: 'ready'; pages: number } | { kind: 'missing' } | { kind: 'failed' };

/** Largest width a page is drawn at (CSS px); the device pixel ratio sharpens it on dense screens. */
const MAX_PAGE_WIDTH = 900;

/**
 * The report PDF drawn page by page with pdf.js (loaded when first needed, its worker beside it); a report the
 * server does not find shows 'Ops, relatório não encontrado'. Keyed by `url` where used: a new report, a new viewer.
 */
export function PdfViewer({ url }: { url: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    const target = container.current;
    void (async () => {
      const pdfjs = await import('pdfjs-dist');
      const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const task = pdfjs.getDocument({ url });
      try {
        const document = await task.promise;
        const width = Math.min(MAX_PAGE_WIDTH, target?.clientWidth || MAX_PAGE_WIDTH);
        for (let number = 1; number <= document.numPages && !cancelled; number++) {
          const page = await document.getPage(number);
          if (cancelled) break;
          const scale = width / page.getViewport({ scale: 1 }).width;
          const ratio = window.devicePixelRatio || 1;
          const viewport = page.getViewport({ scale: scale * ratio });
          const canvas = window.document.createElement('canvas');
          canvas.width = Math.round(viewport.width);
          canvas.height = Math.round(viewport.height);
          canvas.style.width = `${Math.round(viewport.width / ratio)}px`;
          canvas.className = 'report-viewer__page';
          canvas.setAttribute('aria-label', `Página ${number} do relatório`);
          target?.append(canvas);
          await page.render({ canvas, viewport }).promise;
        }
        if (!cancelled) setState({ kind: 'ready', pages: document.numPages });
        await task.destroy();
      } catch (error) {
        if (cancelled) return;
        const status = (error as { status?: number }).status;
        setState({ kind: status === 404 ? 'missing' : 'failed' });
      }
    })().catch(() => {
      if (!cancelled) setState({ kind: 'failed' });
    });
    return () => {
      cancelled = true;
    };
  }, [url]);

  return (
    <div className="report-viewer" data-state={state.kind}>
      {state.kind === 'loading' && (
        <div className="report-viewer__status">
          <Spin /> Carregando relatório…
        </div>
      )}
      {state.kind === 'missing' && <p className="report-viewer__status">{REPORT_MESSAGES.notFound}</p>}
      {state.kind === 'failed' && (
        <p className="report-viewer__status environment-error">
          Ops, ocorreu algum erro ao carregar o relatório
        </p>
      )}
      <div ref={container} className="report-viewer__pages" aria-label="Relatório em PDF" />
    </div>
  );
}
