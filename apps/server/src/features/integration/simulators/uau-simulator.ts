import { randomBytes } from 'node:crypto';
import { openInstalments, unitLabel, type FixtureEnterprise, type FixtureStatus } from './portfolio-fixture';
import { startSimulator, type RunningSimulator, type SimRequest, type SimResponse } from './simulator-server';

/*
 * UAU Web API as documented (the vendor's documentation and its known corrections): POST-only JSON under /uauAPI/api/v1.0; every
 * call needs X-INTEGRATION-Authorization (the integration token) and, after Autenticador/AutenticarUsuario
 * (which answers the raw session token as a JSON string), Authorization: <session> without "Bearer". Consultas
 * answer the DataSet shape [{"<Tabela>": [schemaRow, row…]}] (schema row of .NET type names first); sale keys
 * come as one string '00001-LOT01/00006,…'; errors are ASP.NET {"Message"}. No paging.
 */

export interface UauSimulatorOptions {
  username: string;
  password: string;
  integrationToken: string;
  enterprises: FixtureEnterprise[];
  /** The obra (work) code of every enterprise. */
  obra?: string;
}

const VENDIDO: Record<FixtureStatus, number> = {
  disponivel: 0,
  vendido: 1,
  reservado: 2,
  proposta: 3,
  quitado: 4,
  fora_venda: 8,
};
const errorBody = (_status: number, message: string) => ({ Message: message });
const pad = (value: number, size: number) => String(value).padStart(size, '0');

/** The DataSet shape: the first row holds each column's .NET type name. */
function dataSet(table: string, rows: Record<string, unknown>[]): unknown {
  const first = rows[0] ?? {};
  const schema = Object.fromEntries(
    Object.entries(first).map(([key, value]) => [
      key,
      typeof value === 'number' ? 'System.Decimal' : 'System.String',
    ]),
  );
  return [{ [table]: [schema, ...rows] }];
}

export async function startUauSimulator(
  options: UauSimulatorOptions,
): Promise<RunningSimulator & { baseUrl: string; sessions: Set<string> }> {
  const prefix = '/uauAPI/api/v1.0/';
  const obra = options.obra ?? 'LOT01';
  const sessions = new Set<string>();
  const byCode = (code: unknown) => options.enterprises.find((e) => e.code === Number(code));

  const saleRow = (enterprise: FixtureEnterprise, number: number) => {
    const unit = enterprise.units.find((u) => u.sale?.number === number);
    if (!unit?.sale) return null;
    return {
      Empresa_ven: enterprise.code,
      Obra_ven: obra,
      Numero_ven: unit.sale.number,
      DataVenda_ven: `${unit.sale.date}T00:00:00`,
      ValorVenda_ven: unit.sale.value,
      Cliente_ven: unit.sale.buyerCode,
      nome_pes: unit.sale.buyerName,
      Status_ven: unit.sale.cancelled ? 1 : unit.status === 'quitado' ? 3 : 0,
      Unidades: [{ Prod_unid: Number(unit.block), NumPer_unid: unit.id }],
    };
  };

  const routes: Record<string, (request: SimRequest) => SimResponse> = {
    'Empresa/ObterEmpresasAtivas': () => ({
      status: 200,
      body: dataSet(
        'Empresas',
        options.enterprises.map((e) => ({ Codigo_emp: e.code, Desc_emp: e.name, CGC_emp: '00000000000191' })),
      ),
    }),
    'Obras/ObterObrasAtivas': () => ({
      status: 200,
      body: dataSet(
        'Obras',
        options.enterprises.map((e) => ({
          Cod_obr: obra,
          Empresa_obr: e.code,
          Descr_obr: e.name,
          Status_obr: 0,
          TipoObra_obr: 3,
        })),
      ),
    }),
    'Espelho/BuscaUnidadesDeAcordoComWhere': (request) => {
      const where =
        typeof (request.body as { where?: unknown })?.where === 'string'
          ? (request.body as { where: string }).where
          : '';
      const code = /Empresa_unid\s*=\s*(\d+)/i.exec(where)?.[1];
      const enterprise = byCode(code);
      if (!enterprise) return { status: 200, body: dataSet('Unidades', []) };
      return {
        status: 200,
        body: dataSet(
          'Unidades',
          enterprise.units.map((unit) => ({
            Empresa_unid: enterprise.code,
            Obra_unid: obra,
            Prod_unid: Number(unit.block),
            NumPer_unid: unit.id,
            Identificador_unid: unitLabel(unit),
            Vendido_unid: VENDIDO[unit.status],
            Num_Ven: unit.sale?.number ?? 0,
            ValPreco_unid: 95_000,
          })),
        ),
      };
    },
    'Venda/RetornaChavesVendasPorPeriodo': (request) => {
      const body = request.body as { statusVenda?: string; listaEmpresaObra?: { codigoEmpresa: number }[] };
      const status = Number(body?.statusVenda ?? 0);
      const keys = (body?.listaEmpresaObra ?? []).flatMap(({ codigoEmpresa }) => {
        const enterprise = byCode(codigoEmpresa);
        return (enterprise?.units ?? []).flatMap((unit) => {
          if (!unit.sale || !enterprise) return [];
          const saleStatus = unit.sale.cancelled ? 1 : unit.status === 'quitado' ? 3 : 0;
          return saleStatus === status
            ? [`${pad(enterprise.code, 5)}-${obra}/${pad(unit.sale.number, 5)}`]
            : [];
        });
      });
      return { status: 200, body: [...new Set(keys)].join(',') };
    },
    'Venda/ConsultarResumoVenda': (request) => {
      const body = request.body as { codigoEmpresa?: number; numeroVenda?: number };
      const enterprise = byCode(body?.codigoEmpresa);
      const row = enterprise && saleRow(enterprise, Number(body?.numeroVenda));
      return row
        ? { status: 200, body: dataSet('Venda', [row]) }
        : { status: 200, body: dataSet('Venda', []) };
    },
    'Venda/ConsultarContasReceberCalc': (request) => {
      const body = request.body as { Vendas?: { Empresa?: number }[] };
      const enterprise = byCode(body?.Vendas?.[0]?.Empresa);
      const rows = (enterprise?.units ?? []).flatMap((unit) =>
        !unit.sale || !enterprise
          ? []
          : openInstalments(unit.sale).map((instalment) => ({
              empresa: enterprise.code,
              obra,
              numeroVenda: unit.sale?.number,
              numeroParcela: instalment.number,
              tipoParcela: 'P',
              cliente: unit.sale?.buyerCode,
              nomeCliente: unit.sale?.buyerName,
              dataVencimento: `${instalment.dueDate}T00:00:00`,
              valorReajustado: instalment.value,
              valorPrincipal: instalment.value,
              valorJuros: 0,
              valorJurosAtraso: instalment.interest,
              valorMulta: instalment.fine,
              valorCorrecaoAtraso: 0,
            })),
      );
      return { status: 200, body: dataSet('ContasReceber', rows) };
    },
  };

  const simulator = await startSimulator({
    errorBody,
    malformedBody: () => ({ MyTable: 'não é uma lista' }),
    handle(request) {
      if (request.method !== 'POST')
        return {
          status: 405,
          body: errorBody(405, "The requested resource does not support http method 'GET'."),
        };
      if (!request.path.startsWith(prefix))
        return { status: 404, body: errorBody(404, 'No HTTP resource was found.') };
      // A wrong integration header answers 500 on UAU (the vendor's documentation).
      if (request.headers['x-integration-authorization'] !== options.integrationToken)
        return { status: 500, body: errorBody(500, 'Token de integração inválido.') };
      const path = request.path.slice(prefix.length);
      if (path === 'Autenticador/AutenticarUsuario') {
        const body = request.body as { Login?: string; Senha?: string; login?: string; senha?: string };
        if (
          (body?.Login ?? body?.login) !== options.username ||
          (body?.Senha ?? body?.senha) !== options.password
        )
          return { status: 401, body: errorBody(401, 'Usuário ou senha inválidos.') };
        const token = randomBytes(16).toString('hex');
        sessions.add(token);
        return { status: 200, body: token };
      }
      if (!sessions.has(String(request.headers.authorization ?? '')))
        return { status: 401, body: errorBody(401, 'Authorization has been denied for this request.') };
      const route = routes[path];
      return route ? route(request) : { status: 404, body: errorBody(404, 'No HTTP resource was found.') };
    },
  });
  return { ...simulator, baseUrl: `${simulator.origin}${prefix.replace(/\/$/, '')}`, sessions };
}
