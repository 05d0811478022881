/** The alerts' texts in the app (the server's messages come in `ALERT_MESSAGES`). */
export const ALERT_TEXTS = {
  bell: 'Alertas',
  title: 'Alertas',
  empty: 'Nenhum alerta por enquanto.',
  readAll: 'Marcar todos como lidos',
  preferences: 'Preferências de alertas',
  loadFailed: 'Não foi possível carregar os alertas.',
  pageTitle: 'Preferências de alertas',
  pageIntro:
    'Escolha, por projeto, quais mudanças chegam até você e como: por e-mail na hora, em um resumo diário ou semanal, ou só aqui no sino.',
  kinds: 'O que avisar',
  delivery: 'E-mail',
  save: 'Salvar',
  saved: 'Preferências de alertas salvas.',
  noProjects: 'Nenhum projeto disponível.',
  unsubscribing: 'Cancelando os e-mails de alertas…',
  unsubscribeTitle: 'E-mails de alertas',
  reportUnsubscribeTitle: 'Relatório agendado por e-mail',
  backToApp: 'Ir para o Mirante',
} as const;

export const unreadLabel = (count: number) =>
  count === 0 ? 'Alertas: nenhum não lido' : `Alertas: ${count} não lido${count === 1 ? '' : 's'}`;
