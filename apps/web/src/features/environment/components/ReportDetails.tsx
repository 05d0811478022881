import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Popconfirm, Space, Upload } from 'antd';
import { REPORT_MESSAGES, REPORT_PDF_MAX_BYTES, isAdmin, type OldDetection } from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useReportFile, withToken } from '../reportApi';

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** A file's size as people read it: KB under a megabyte (a one-page PDF is not "0 MB"). */
const fileSize = (bytes: number) =>
  bytes < 1_048_576
    ? `${decimal.format(Math.max(0.1, bytes / 1024))} KB`
    : `${decimal.format(bytes / 1_048_576)} MB`;

/** The 'Detalhes' tab: the chosen analysis, its report's origin, the download and (ADMIN) the uploaded PDF. */
export function ReportDetails({ projectId, analysis }: { projectId: number; analysis: OldDetection }) {
  const credentials = useCredentials();
  const apiToken = credentials.api_token;
  const { upload, remove } = useReportFile(projectId);
  const feedback = useFeedback();

  const send = async (file: File) => {
    if (file.size > REPORT_PDF_MAX_BYTES) {
      feedback.error(REPORT_MESSAGES.pdfTooLarge);
      return;
    }
    try {
      await upload.mutateAsync({ detectId: analysis.detectId, file });
      feedback.success(REPORT_MESSAGES.uploaded);
    } catch (error) {
      feedback.error(`${REPORT_MESSAGES.uploadFailed} ${(error as Error).message}`);
    }
  };
  const drop = async () => {
    try {
      await remove.mutateAsync(analysis.detectId);
      feedback.success(REPORT_MESSAGES.removed);
    } catch (error) {
      feedback.error(`${REPORT_MESSAGES.removeFailed} ${(error as Error).message}`);
    }
  };

  return (
    <div className="report-details">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Imagem anterior">{analysis.beforeDate}</Descriptions.Item>
        <Descriptions.Item label="Imagem posterior">{analysis.afterDate}</Descriptions.Item>
        <Descriptions.Item label="Detecções aprovadas">{analysis.featuresAmount}</Descriptions.Item>
        <Descriptions.Item label="Situação">{analysis.analysisApprovalStatus}</Descriptions.Item>
        <Descriptions.Item label="Relatório">
          {analysis.uploaded
            ? `Enviado: ${analysis.uploaded.name} (${fileSize(analysis.uploaded.size)}), ` +
              `${analysis.uploaded.uploadedAt}${analysis.uploaded.uploadedBy ? `, ${analysis.uploaded.uploadedBy}` : ''}`
            : analysis.urlReport
              ? 'Gerado pelo sistema'
              : '—'}
        </Descriptions.Item>
      </Descriptions>
      <Space direction="vertical" className="report-details__actions">
        {analysis.urlReport && (
          <Button
            icon={<DownloadOutlined aria-hidden />}
            href={withToken(analysis.urlReport, apiToken)}
            download
            block
          >
            Baixar relatório
          </Button>
        )}
        {isAdmin(credentials) && (
          <>
            <Upload
              accept="application/pdf"
              showUploadList={false}
              beforeUpload={(file) => {
                void send(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending} block>
                {analysis.uploaded ? 'Substituir PDF enviado' : 'Enviar relatório em PDF'}
              </Button>
            </Upload>
            {analysis.uploaded && (
              <Popconfirm
                title="Remover o relatório enviado?"
                description="O relatório gerado pelo sistema volta a ser exibido."
                okText="Remover"
                cancelText="Cancelar"
                onConfirm={() => void drop()}
              >
                <Button icon={<DeleteOutlined aria-hidden />} danger loading={remove.isPending} block>
                  Remover PDF enviado
                </Button>
              </Popconfirm>
            )}
          </>
        )}
      </Space>
    </div>
  );
}
