import { Modal } from 'antd';

/** The info icon's help (width 1000, the business limits). */
export function HelpModal({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal open={open} title="Como usar a lista de detecções" width={1000} footer={null} onCancel={onClose}>
      <ul>
        <li>Escolha a data inicial e a data final entre as datas que possuem análises.</li>
        <li>
          <b>E</b> mostra apenas as duas datas escolhidas e a coluna Status (Igual ou Modificado);{' '}
          <b>Entre</b> mostra todas as datas com análise entre elas.
        </li>
        <li>
          Filtre por tipos de detecção, quadras e lotes (os lotes dependem das quadras escolhidas) e clique em
          Buscar.
        </li>
        <li>Limpar volta à última data de análise com todos os filtros selecionados.</li>
        <li>
          Clique em uma linha das tabelas de data inicial e final, ou nas etiquetas de lotes modificados e
          iguais, para ver os lotes e exportá-los.
        </li>
        <li>
          Exporte a lista em CSV ou Excel pelo menu Exportar; as datas nos arquivos seguem o formato
          AAAA-MM-DD.
        </li>
      </ul>
    </Modal>
  );
}
