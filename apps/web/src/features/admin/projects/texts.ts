/** Texts of the 'Cadastrar projeto' tab of the admin panel (the spec does not show this tab). */
export const PROJECT_TAB_TEXTS = {
  tab: 'Cadastrar projeto',
  listHeading: 'Projetos cadastrados',
  empty: 'Nenhum projeto cadastrado.',
  loadFailed: 'Não foi possível buscar os projetos cadastrados. Tente novamente.',
  customersLoadFailed: 'Não foi possível buscar os clientes. Tente novamente.',
  createFailed: 'Não foi possível cadastrar o projeto:',
  updateFailed: 'Não foi possível atualizar o projeto:',
  archiveConfirm:
    'Arquivar este projeto? Ele deixará de aparecer para os usuários do cliente; nada é apagado.',
  archiveFailed: 'Não foi possível arquivar o projeto:',
  unarchiveFailed: 'Não foi possível reativar o projeto:',
  showArchived: 'Mostrar arquivados',
  delimiterHelp:
    'Opcional: um arquivo GeoJSON com o polígono do contorno (longitude/latitude). Sem ele, o contorno é derivado dos lotes importados.',
  delimiterFileInvalid: 'O arquivo não contém um polígono GeoJSON (Polygon ou MultiPolygon).',
  delimiterUnreadable: 'Não foi possível ler o arquivo: envie um GeoJSON válido.',
} as const;
