/** What a redirect to the login page tells it (router state). */
export interface LoginState {
  /** The page a signed-out visitor wanted: opened after signing in. */
  from?: string;
  /** A password definition/recovery link was expired or invalid. */
  passwordLinkExpired?: boolean;
}

export const EXPIRED_LINK_TITLE = 'Este link de senha expirou ou não é mais válido.';
export const EXPIRED_LINK_HELP = 'Peça um novo link: informe seu email em "Recuperar conta".';
