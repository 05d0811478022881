import { randomBytes } from 'node:crypto';
import { openInstalments, type FixtureEnterprise, type FixtureStatus } from './portfolio-fixture';
import { startSimulator, type RunningSimulator, type SimRequest, type SimResponse } from './simulator-server';

/*
 * Mega as its vendor OpenAPI files describe it (the vendor's documentation and its known corrections): the authentication server
 * (POST /api/Auth/SignIn with header grantType: Api, POST /api/Auth/RefreshToken?refreshToken=) gives a JWT valid
 * 2 h and a refresh token valid 4 h, ONE valid refresh token per user (a new one discards the previous); the
 * data server answers Bearer calls: /api/globalestruturas/Empreendimentos[/{id}/Blocos[/{idBloco}/Unidades]]
 * and /api/Carteira/DadosContrato/IdEmpreendimento={id}, /api/Carteira/DadosParcelas/IdContrato={id}. Ids are
 * encrypted strings; 204 when nothing is found. Both servers run on one port here (mega_url1 = mega_url2).
 */

export interface MegaSimulatorOptions {
  username: string;
  password: string;
  enterprises: FixtureEnterprise[];
  /** The clock (ms), for expiring tokens in tests. */
  now?: () => number;
}

const ACCESS_MS = 2 * 60 * 60 * 1000;
const REFRESH_MS = 4 * 60 * 60 * 1000;
const SITUACAO: Record<FixtureStatus, string> = {
  disponivel: 'Disponível',
  reservado: 'Reservada',
  proposta: 'Proposta',
  vendido: 'Vendida',
  quitado: 'Vendida',
  fora_venda: 'Fora de venda',
};

const errorBody = (status: number, message: string) => ({ status, title: 'Erro', detail: message, message });

/** Mega's "código encriptado": an opaque base64 string (e.g. NTPDuDHDuDPD…) of our own key. */
export const megaId = (key: string) => Buffer.from(`MG|${key}`).toString('base64').replace(/=+$/, '');
const fromMegaId = (id: string) => {
  const text = Buffer.from(id, 'base64').toString('utf8');
  return text.startsWith('MG|') ? text.slice(3) : null;
};

/** ISO with 7 fractional digits, as Mega writes expirationToken. */
const megaTime = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$10000');

export async function startMegaSimulator(
  options: MegaSimulatorOptions,
): Promise<RunningSimulator & { signIns: () => number }> {
  const now = options.now ?? Date.now;
  const access = new Map<string, number>();
  let refresh: { token: string; expires: number } | null = null;
  let signIns = 0;

  const issue = () => {
    const accessToken = `eyJ.${randomBytes(12).toString('hex')}`;
    const expires = now() + ACCESS_MS;
    access.set(accessToken, expires);
    // One valid refresh token per user: issuing one discards the previous.
    refresh = { token: randomBytes(16).toString('hex'), expires: now() + REFRESH_MS };
    return {
      status: 200,
      body: {
        accessToken,
        refreshToken: refresh.token,
        expirationToken: megaTime(expires),
        expirationRefreshToken: megaTime(refresh.expires),
      },
    };
  };

  const enterpriseOf = (id: string) => options.enterprises.find((e) => megaId(String(e.code)) === id);
  const list = (rows: unknown[]): SimResponse =>
    rows.length === 0 ? { status: 204 } : { status: 200, body: rows };

  const contracts = (enterprise: FixtureEnterprise) =>
    enterprise.units.flatMap((unit) =>
      unit.sale
        ? [
            {
              cod_contrato: megaId(`${enterprise.code}-C${unit.sale.number}`),
              cod_empreendimento: megaId(String(enterprise.code)),
              nome_empreendimento: enterprise.name,
              cod_unidade: megaId(`${enterprise.code}-U${unit.id}`),
              cod_cliente: String(unit.sale.buyerCode),
              nome_cliente: unit.sale.buyerName,
              cpf_cnpj_cliente: unit.sale.document,
              valor_contrato: unit.sale.value,
              status_contrato: unit.sale.cancelled
                ? 'Cancelado'
                : unit.status === 'quitado'
                  ? 'Quitado'
                  : openInstalments(unit.sale).some((i) => i.interest > 0)
                    ? 'Inadimplente'
                    : 'Ativo',
              data_assinatura: unit.sale.date.split('-').reverse().join('/'),
            },
          ]
        : [],
    );

  function data(request: SimRequest): SimResponse {
    const path = request.path;
    if (path === '/api/globalestruturas/Empreendimentos')
      return list(
        options.enterprises.map((e) => ({ codigo: megaId(String(e.code)), nome: e.name, status: 'A' })),
      );
    const blocks = /^\/api\/globalestruturas\/Empreendimentos\/([^/]+)\/Blocos$/.exec(path);
    if (blocks) {
      const enterprise = enterpriseOf(blocks[1] ?? '');
      if (!enterprise) return { status: 204 };
      const names = [...new Set(enterprise.units.map((u) => u.block))];
      return list(names.map((name) => ({ codigo: megaId(`${enterprise.code}-B${name}`), nome: name })));
    }
    const units = /^\/api\/globalestruturas\/Empreendimentos\/([^/]+)\/Blocos\/([^/]+)\/Unidades$/.exec(path);
    if (units) {
      const enterprise = enterpriseOf(units[1] ?? '');
      const block = fromMegaId(units[2] ?? '')?.split('-B')[1];
      if (!enterprise || block === undefined) return { status: 204 };
      return list(
        enterprise.units
          .filter((u) => u.block === block)
          .map((u) => ({
            codigo: megaId(`${enterprise.code}-U${u.id}`),
            nome: u.lot,
            situacao: SITUACAO[u.status],
            cod_contrato: u.sale ? megaId(`${enterprise.code}-C${u.sale.number}`) : null,
            area: 300,
          })),
      );
    }
    const byEnterprise = /^\/api\/Carteira\/DadosContrato\/IdEmpreendimento=(.+)$/.exec(path);
    if (byEnterprise) {
      const enterprise = enterpriseOf(byEnterprise[1] ?? '');
      return enterprise ? list(contracts(enterprise)) : { status: 204 };
    }
    const parcels = /^\/api\/Carteira\/DadosParcelas\/IdContrato=(.+)$/.exec(path);
    if (parcels) {
      const key = fromMegaId(parcels[1] ?? '');
      const [code, sale] = key?.split('-C') ?? [];
      const enterprise = options.enterprises.find((e) => String(e.code) === code);
      const unit = enterprise?.units.find((u) => u.sale && String(u.sale.number) === sale);
      if (!unit?.sale) return { status: 204 };
      return list(
        unit.sale.instalments.map((i) => ({
          cod_parcela: i.number,
          cod_contrato: parcels[1],
          status_parcela: 'Ativo',
          tipo_parcela: 'Mensal',
          data_vencimento: `${i.dueDate}T00:00:00`,
          data_baixa: i.paid ? `${i.dueDate}T00:00:00` : null,
          vlr_original: i.value,
          vlr_pago: i.paid ? i.value : 0,
          situacao: i.paid ? 'Pago' : 'Aberto',
          vlr_jurosreneg: i.interest + i.fine,
        })),
      );
    }
    return { status: 404, body: errorBody(404, 'Recurso não encontrado.') };
  }

  const simulator = await startSimulator({
    errorBody,
    malformedBody: () => ({ itens: 'não é uma lista' }),
    handle(request) {
      if (request.path === '/api/Auth/SignIn' && request.method === 'POST') {
        const body = request.body as { userName?: string; password?: string };
        if (request.headers.granttype !== 'Api')
          return { status: 400, body: errorBody(400, 'grantType inválido.') };
        if (body?.userName !== options.username || body?.password !== options.password)
          return { status: 401, body: errorBody(401, 'Usuário ou senha inválidos.') };
        signIns += 1;
        return issue();
      }
      if (request.path === '/api/Auth/RefreshToken' && request.method === 'POST') {
        const token = request.query.get('refreshToken');
        if (!refresh || token !== refresh.token || refresh.expires < now())
          return { status: 401, body: errorBody(401, 'Refresh token inválido ou expirado.') };
        return issue();
      }
      const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
      const expires = bearer ? access.get(bearer) : undefined;
      if (!expires || expires < now())
        return { status: 401, body: errorBody(401, 'Token inválido ou expirado.') };
      if (request.method !== 'GET') return { status: 405, body: errorBody(405, 'Método não permitido.') };
      return data(request);
    },
  });
  return { ...simulator, signIns: () => signIns };
}
