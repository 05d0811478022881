// Writes public/docs/integracao-sienge-passo-a-passo.pdf, the step-by-step guide linked from the Sienge wizard
//. Run again after editing the text: node apps/web/tools/sienge-guide-pdf.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { jsPDF } from 'jspdf';

const STEPS = [
  [
    '1. Crie o usuário de API no Sienge',
    'No Sienge, abra Integrações > Painel de Integrações > Usuários de API e cadastre um usuário para a ' +
      'plataforma. Anote o nome do usuário e a senha gerada: a senha só é mostrada uma vez.',
  ],
  [
    '2. Libere os recursos de que a integração precisa',
    'Dê ao usuário acesso de leitura (GET) a: /v1/enterprises (empreendimentos), /v1/units (unidades), ' +
      '/v1/sales-contracts (contratos de venda) e, na API Bulk Data, /bulk-data/v1/income (parcelas a ' +
      'receber). Nenhum recurso de escrita é usado.',
  ],
  [
    '3. Descubra a URL da API',
    'A URL é https://api.sienge.com.br/{subdomínio}/public/api, em que o subdomínio é o prefixo com que ' +
      'a empresa entra no Sienge (minhaempresa.sienge.com.br dá minhaempresa). Na plataforma você pode ' +
      'informar a URL inteira ou só o subdomínio.',
  ],
  [
    '4. Preencha o passo 1 do assistente',
    'Em Integração > Sienge informe a URL, o usuário e a senha e clique em Prosseguir. A plataforma testa ' +
      'o acesso antes de salvar; a senha é guardada criptografada e nunca é mostrada de novo.',
  ],
  [
    '5. Vincule os loteamentos às carteiras',
    'No passo 2 marque os loteamentos que o Sienge vai atualizar e, em Vincular carteiras, escolha o ' +
      'empreendimento do Sienge de cada um (ou de cada etapa, com Vincular etapa).',
  ],
  [
    '6. Escolha quem recebe as notificações',
    'No passo 3 informe o e-mail e a periodicidade (diária, semanal, quinzenal ou mensal) do resumo das ' +
      'alterações e dos erros e clique em Concluir. A primeira sincronização começa em seguida; a ' +
      'conclusão da integração pode levar até 24 horas. Acompanhe-a na aba Sincronizações.',
  ],
  [
    'Limites do Sienge',
    'O Sienge aceita até 200 requisições REST e 20 Bulk por minuto e tem uma cota diária conforme o pacote ' +
      'contratado. Quando a cota do dia acaba, a sincronização para e continua no dia seguinte.',
  ],
];

const doc = new jsPDF({ unit: 'mm', format: 'a4' });
let y = 24;
doc.setFont('helvetica', 'bold').setFontSize(18).text('Integração com o Sienge: passo a passo', 20, y);
y += 12;
for (const [title, body] of STEPS) {
  doc.setFont('helvetica', 'bold').setFontSize(12).text(title, 20, y);
  y += 6;
  const lines = doc.setFont('helvetica', 'normal').setFontSize(11).splitTextToSize(body, 170);
  doc.text(lines, 20, y);
  y += lines.length * 5 + 7;
}
const target = fileURLToPath(new URL('../public/docs/integracao-sienge-passo-a-passo.pdf', import.meta.url));
writeFileSync(target, Buffer.from(doc.output('arraybuffer')));
console.log(`wrote ${target}`);
