import { Modal } from 'antd';
import { INFORMATION_MESSAGES } from '@mirante/shared';

/** The portfolio's help (width 1000, the business limits). */
export function HelpModal({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal open={open} title="Como usar a análise da carteira" width={1000} footer={null} onCancel={onClose}>
      <p>{INFORMATION_MESSAGES.helpText}</p>
      <ul>
        <li>
          <b>Manualmente:</b> clique nas três primeiras colunas de uma linha para abrir o lote e editar suas
          informações de venda; cada alteração fica no histórico (quem, quando, valor anterior → novo).
        </li>
        <li>
          <b>Por planilha:</b> em Importar, baixe o modelo, preencha-o sem renomear, reordenar ou acrescentar
          colunas e envie o arquivo .xls ou .xlsx.
        </li>
        <li>
          <b>Por integração:</b> na página Integração, vincule o loteamento à carteira do seu ERP.
        </li>
        <li>
          Os filtros valem também para a exportação em CSV ou Excel; a pesquisa procura em todas as colunas de
          texto; clique no título de uma coluna para ordenar. Limpar volta a selecionar tudo.
        </li>
        <li>
          <b>Alertas</b> cruzam as vendas com as imagens: lote vendido ou quitado ainda vazio meses depois da
          venda; obra ou invasão em lote não vendido; inadimplente com a obra avançando.
        </li>
      </ul>
    </Modal>
  );
}
