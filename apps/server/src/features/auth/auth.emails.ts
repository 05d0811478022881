import type { MailMessage } from '../../mail/mailer';

interface Recipient {
  name: string;
  email: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], link: string, button: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2933">
<h2 style="color:#0b5d3b">${title}</h2>${body}
<p><a href="${link}" style="background:#0b5d3b;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${button}</a></p>
<p style="color:#6b7280;font-size:12px">Se o botão não funcionar, copie este endereço no navegador: ${link}</p>
<p style="color:#6b7280;font-size:12px">Mirante — monitoramento por imagens</p></body></html>`;
}

export function passwordRecoveryEmail(user: Recipient, link: string): MailMessage {
  const intro = `Olá, ${user.name}.`;
  const ask =
    'Recebemos um pedido para recuperar a senha da sua conta no Mirante. Para criar uma nova senha, use o link abaixo.';
  const ignore = 'Se você não fez este pedido, ignore este e-mail: sua senha atual continua válida.';
  return {
    to: user.email,
    subject: 'Mirante — recuperação de senha',
    text: `${intro}\n\n${ask}\n\n${link}\n\n${ignore}\n`,
    html: layout('Recuperação de senha', [intro, ask, ignore], link, 'Definir nova senha'),
  };
}

export function passwordDefinitionEmail(user: Recipient, link: string): MailMessage {
  const intro = `Olá, ${user.name}.`;
  const welcome = 'Sua conta no Mirante foi criada. Para começar, defina sua senha pelo link abaixo.';
  return {
    to: user.email,
    subject: 'Mirante — defina sua senha',
    text: `${intro}\n\n${welcome}\n\n${link}\n`,
    html: layout('Bem-vindo ao Mirante', [intro, welcome], link, 'Definir senha'),
  };
}

/** To the OLD address when somebody changed the account's e-mail: the owner learns of it even if it was not him. */
export function emailChangedEmail(user: Recipient, newEmail: string, appUrl: string): MailMessage {
  const intro = `Olá, ${user.name}.`;
  const changed = `O e-mail de acesso da sua conta no Mirante foi alterado para ${newEmail}, e as sessões abertas foram encerradas.`;
  const unknown =
    'Se você não reconhece esta alteração, fale imediatamente com o administrador da sua empresa.';
  return {
    to: user.email,
    subject: 'Mirante — o e-mail da sua conta foi alterado',
    text: `${intro}\n\n${changed}\n\n${unknown}\n`,
    html: layout('E-mail da conta alterado', [intro, changed, unknown], appUrl, 'Abrir o Mirante'),
  };
}
