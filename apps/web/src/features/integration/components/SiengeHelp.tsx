import { Alert } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';

/** The guide linked from the Sienge credentials step (apps/web/tools/sienge-guide-pdf.mjs writes it). */
export const SIENGE_GUIDE_HREF = '/docs/integracao-sienge-passo-a-passo.pdf';

/** Sienge step 1's help: the API user and the endpoints it needs, and the step-by-step PDF. */
export function SiengeHelp() {
  return (
    <Alert
      className="integration-help"
      type="info"
      showIcon
      title="Crie um usuário de API no Painel de Integrações do Sienge com acesso de leitura a:"
      description={
        <>
          <ul className="integration-help__endpoints">
            <li>
              <code>GET /v1/enterprises</code> (empreendimentos)
            </li>
            <li>
              <code>GET /v1/units</code> (unidades)
            </li>
            <li>
              <code>GET /v1/sales-contracts</code> (contratos de venda)
            </li>
            <li>
              <code>GET /bulk-data/v1/income</code> (parcelas a receber, API Bulk Data)
            </li>
          </ul>
          <a href={SIENGE_GUIDE_HREF} target="_blank" rel="noreferrer">
            <FilePdfOutlined aria-hidden /> Passo a passo da integração (PDF)
          </a>
        </>
      }
    />
  );
}
