import { stat } from 'node:fs/promises';
import { environmentReportApi, REPORT_MESSAGES, REPORT_PDF_MAX_BYTES } from '@mirante/shared';
import { receivePdf } from '../../../http/receive-pdf';
import type { Router } from '../../../http/route';
import type { ReportService } from './report.service';

const PDF_RULES = {
  maxBytes: REPORT_PDF_MAX_BYTES,
  tooLarge: REPORT_MESSAGES.pdfTooLarge,
  notPdf: REPORT_MESSAGES.pdfOnly,
  scratch: 'environment-report',
};

/** The 'Relatório de Análise' calls: the analyses with their report (the API calls `detections-old`), the uploaded PDF. */
export function registerReportRoutes(route: Router, report: ReportService): void {
  route(environmentReportApi.detectionsOld, ({ user, params }) => report.detectionsOld(user, params.id));

  route(environmentReportApi.reportFile, async ({ user, params }) => {
    const file = await report.uploadedFile(user, params.id, params.detectId);
    return {
      body: file.stream,
      contentType: 'application/pdf',
      size: file.size,
      cacheControl: 'no-store',
      downloadName: file.name,
    };
  });

  route(environmentReportApi.uploadReport, async ({ user, params, request }) => {
    const upload = await receivePdf(request, PDF_RULES, () =>
      report.assertCanUpload(user, params.id, params.detectId),
    );
    try {
      const { size } = await stat(upload.pdfPath);
      return await report.upload(user, params.id, params.detectId, { ...upload, size });
    } finally {
      await upload.cleanup();
    }
  });

  route(environmentReportApi.removeReport, ({ user, params }) =>
    report.remove(user, params.id, params.detectId),
  );
}
