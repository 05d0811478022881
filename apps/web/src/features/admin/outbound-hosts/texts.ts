/** Texts of 'Hosts liberados' (ours: the spec has no such tab). */
export const OUTBOUND_HOST_TEXTS = {
  intro:
    'O Mirante não acessa endereços internos (localhost, redes privadas, link-local) pelas URLs que os usuários ' +
    'informam, como a de um ERP. Se o ERP de um cliente fica instalado na rede da empresa, libere aqui o host ' +
    'dele: um por linha, como nome, nome:porta, IP ou [IPv6]:porta. Com a porta, só ela fica liberada.',
  label: 'Hosts liberados pelo administrador',
  placeholder: 'erp.empresa.local\n10.0.0.5:8443',
  save: 'Salvar',
  saved: 'Hosts liberados salvos.',
  saveFailed: 'Não foi possível salvar os hosts liberados:',
  loadFailed: 'Não foi possível buscar os hosts liberados. Tente novamente.',
  others: 'Também liberados (não editáveis aqui)',
  environment: 'variável OUTBOUND_ALLOWED_HOSTS',
  demo: 'ERP simulado da demonstração',
} as const;
