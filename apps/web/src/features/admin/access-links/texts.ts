/** Texts of the 'Links de acesso' tab of the admin panel. */
export const ACCESS_LINK_TEXTS = {
  tab: 'Links de acesso',
  empty: 'Nenhum link de acesso',
  loadFailed: 'Não foi possível buscar os links de acesso. Tente novamente.',
  usersLoadFailed: 'Não foi possível buscar os usuários. Tente novamente.',
  created: 'Link de acesso criado',
  createFailed: 'Falha ao criar o link de acesso:',
  copyNow: 'Copie o link agora: ele não será mostrado novamente.',
  copied: 'Link copiado',
  copyFailed: 'Não foi possível copiar automaticamente: selecione o link e copie.',
  revokeConfirm: 'Revogar este link? Quem entrou com ele será desconectado.',
  revoked: 'Link de acesso revogado',
  revokeFailed: 'Falha ao revogar o link de acesso:',
} as const;
