import {
  ErpError,
  type ConnectorOptions,
  type ErpConnector,
  type ErpInstalment,
  type ErpSale,
  type UauCredentials,
} from './erp-connector';
import {
  blockLotOf,
  codeOf,
  createErpHttp,
  dateOf,
  isRecord,
  malformed,
  money,
  numberOf,
  todayInBrazil,
  type VendorFailure,
} from './erp-http';
import { defaultsOf, splitInstalments } from './instalments';

const VENDOR = 'UAU';

/** UAU unit status (Vendido_unid, the vendor's documentation): the integers the sales-status mapping offers. */
export const UAU_UNIT_STATUSES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** The UnidadePer columns the unit-field mapping offers (the API calls GET integration/uau/unit-fields). */
export const UAU_UNIT_FIELDS = [
  { key: 'Identificador_unid', value: 'Identificador da unidade' },
  { key: 'Prod_unid', value: 'Código do produto' },
  { key: 'Obra_unid', value: 'Código da obra' },
  { key: 'NumPer_unid', value: 'Número de personalização' },
  { key: 'Empresa_unid', value: 'Código da empresa' },
  { key: 'Num_Ven', value: 'Número da venda' },
];

/** ASP.NET Web API error bodies: {"Message": "..."}. */
export function uauFailure(_status: number, body: unknown): VendorFailure {
  if (!isRecord(body)) return { message: null };
  const message = body.Message ?? body.message ?? body.ExceptionMessage;
  return { message: typeof message === 'string' ? message : null };
}

/**
 * The rows of UAU's DataSet-like answer `[{"<Table>": [schemaRow, row1, …]}]`: the first row holds the .NET
 * type names and is dropped (a table with only that row = no data or no permission). Plain arrays of objects
 * (the DTO endpoints) are returned as they are.
 */
export function uauRows(body: unknown, what: string): Record<string, unknown>[] {
  if (!Array.isArray(body)) throw malformed(VENDOR, `${what}: a resposta não é uma lista`);
  const first: unknown = body[0];
  if (body.length === 1 && isRecord(first)) {
    const tables = Object.values(first).filter(Array.isArray);
    if (tables.length === 1 && Object.keys(first).length === 1) {
      const table = tables[0] as unknown[];
      return table.slice(1).map((row) => {
        if (!isRecord(row)) throw malformed(VENDOR, `${what}: linha inválida`);
        return row;
      });
    }
  }
  return body.map((row) => {
    if (!isRecord(row)) throw malformed(VENDOR, `${what}: linha inválida`);
    return row;
  });
}

/** The sale keys string of RetornaChavesVendasPorPeriodo: '00093-JVA16/00006,…' → {empresa, obra, venda}. */
export function parseSaleKeys(body: unknown): { empresa: number; obra: string; venda: number }[] {
  if (typeof body !== 'string') throw malformed(VENDOR, 'RetornaChavesVendasPorPeriodo não devolveu texto');
  if (body.trim() === '') return [];
  return body.split(',').map((key, index) => {
    const match = /^\s*(\d+)-([^/]+)\/(\d+)\s*$/.exec(key);
    // The answer's text is not quoted back: only where it went wrong.
    if (!match) throw malformed(VENDOR, `chave de venda nº ${index + 1} fora do formato empresa-obra/venda`);
    return { empresa: Number(match[1]), obra: match[2] ?? '', venda: Number(match[3]) };
  });
}

const saleCode = (obra: string, venda: number | string) => `${obra}/${Number(venda)}`;

/**
 * UAU Web API (the vendor's documentation and its known corrections): POST-only JSON; login Autenticador/AutenticarUsuario returns
 * the raw session token; every call carries `X-INTEGRATION-Authorization` and `Authorization: <session>` (no
 * Bearer); an expired session (401) signs in again once. No paging: filtered by empresa. Units from
 * Espelho/BuscaUnidadesDeAcordoComWhere; sales from Venda/RetornaChavesVendasPorPeriodo +
 * Venda/ConsultarResumoVenda; open instalments (present value with interest and fines) from
 * Venda/ConsultarContasReceberCalc.
 */
export function createUauConnector(credentials: UauCredentials, options: ConnectorOptions): ErpConnector {
  const base = credentials.url.trim().replace(/\/+$/, '');
  const http = createErpHttp({ ...options, vendor: VENDOR, readFailure: uauFailure });
  const today = options.today ?? todayInBrazil;
  let session: Promise<string> | null = null;

  async function login(signal?: AbortSignal): Promise<string> {
    const { body } = await http.send({
      method: 'POST',
      url: `${base}/Autenticador/AutenticarUsuario`,
      headers: { 'X-INTEGRATION-Authorization': credentials.integrationToken },
      body: { Login: credentials.username, Senha: credentials.password, UsuarioUAUSite: '' },
      signal,
    });
    if (typeof body !== 'string' || body.trim() === '')
      throw new ErpError('auth', 'O UAU não devolveu o token de sessão; verifique usuário e senha.');
    return body.replace(/^"|"$/g, '');
  }

  async function post(path: string, payload: unknown, signal?: AbortSignal): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      session ??= login(signal);
      let token: string;
      try {
        token = await session;
      } catch (error) {
        session = null;
        throw error;
      }
      try {
        const { body } = await http.send({
          method: 'POST',
          url: `${base}/${path}`,
          headers: { 'X-INTEGRATION-Authorization': credentials.integrationToken, Authorization: token },
          body: payload,
          signal,
        });
        return body;
      } catch (error) {
        if (error instanceof ErpError && error.reason === 'auth' && attempt === 0) {
          session = null;
          continue;
        }
        throw error;
      }
    }
  }

  const empresaOf = (code: string) => {
    const empresa = Number(code);
    if (!Number.isInteger(empresa)) throw new ErpError('not_found', `Empresa UAU inválida: ${code}.`);
    return empresa;
  };

  async function units(enterpriseCode: string, signal?: AbortSignal) {
    const empresa = empresaOf(enterpriseCode);
    const rows = uauRows(
      await post(
        'Espelho/BuscaUnidadesDeAcordoComWhere',
        { where: `WHERE Empresa_unid = ${empresa}`, retorna_venda: true },
        signal,
      ),
      'BuscaUnidadesDeAcordoComWhere',
    );
    return rows.map((row) => {
      const obra = codeOf(row.Obra_unid);
      const produto = codeOf(row.Prod_unid);
      const numPer = codeOf(row.NumPer_unid);
      const label = codeOf(row.Identificador_unid);
      if (!obra || !produto || !numPer || !label)
        throw malformed(VENDOR, 'unidade sem Obra_unid, Prod_unid, NumPer_unid ou Identificador_unid');
      const venda = numberOf(row.Num_Ven);
      const { block, lot } = blockLotOf(label);
      const fields: Record<string, string | null> = {};
      for (const [key, value] of Object.entries(row)) fields[key] = codeOf(value);
      return {
        id: `${obra}/${produto}/${numPer}`,
        enterpriseCode,
        label,
        block,
        lot,
        status: codeOf(row.Vendido_unid),
        saleCode: venda && venda > 0 ? saleCode(obra, venda) : null,
        fields,
      };
    });
  }

  async function openInstalments(enterpriseCode: string, referenceDate: string, signal?: AbortSignal) {
    const rows = uauRows(
      await post(
        'Venda/ConsultarContasReceberCalc',
        {
          Vendas: [{ Empresa: empresaOf(enterpriseCode), Obra: null, Numero: null }],
          DataInicio: null,
          DataFim: `${referenceDate}T00:00:00`,
          TiposParcela: null,
        },
        signal,
      ),
      'ConsultarContasReceberCalc',
    );
    return rows.map((row): ErpInstalment & { buyerCode: string | null; buyerName: string | null } => {
      const obra = codeOf(row.obra);
      const venda = numberOf(row.numeroVenda);
      const dueDate = dateOf(row.dataVencimento);
      const principal = numberOf(row.valorPrincipal);
      if (!obra || venda === null || !dueDate || principal === null)
        throw malformed(VENDOR, 'parcela sem obra, numeroVenda, dataVencimento ou valorPrincipal');
      const interest = (numberOf(row.valorJuros) ?? 0) + (numberOf(row.valorJurosAtraso) ?? 0);
      const fine = numberOf(row.valorMulta) ?? 0;
      const reajustado = numberOf(row.valorReajustado) ?? principal;
      return {
        saleCode: saleCode(obra, venda),
        number: codeOf(row.numeroParcela) ?? '',
        dueDate,
        value: money(principal),
        correctedValue: money(
          reajustado +
            (numberOf(row.valorJurosAtraso) ?? 0) +
            fine +
            (numberOf(row.valorCorrecaoAtraso) ?? 0),
        ),
        interest: money(interest),
        fine: money(fine),
        buyerCode: codeOf(row.cliente),
        buyerName: codeOf(row.nomeCliente),
      };
    });
  }

  async function obras(empresa: number, signal?: AbortSignal): Promise<string[]> {
    const rows = uauRows(await post('Obras/ObterObrasAtivas', {}, signal), 'ObterObrasAtivas');
    return rows
      .filter((row) => numberOf(row.Empresa_obr) === empresa)
      .map((row) => codeOf(row.Cod_obr))
      .filter((code): code is string => code !== null);
  }

  return {
    erp: 'uau',
    async testConnection(call) {
      session = login(call?.signal);
      await session;
    },
    async listEnterprises(call) {
      const rows = uauRows(
        await post('Empresa/ObterEmpresasAtivas', {}, call?.signal),
        'ObterEmpresasAtivas',
      );
      return rows.map((row) => {
        const code = codeOf(row.Codigo_emp);
        if (!code) throw malformed(VENDOR, 'empresa sem Codigo_emp');
        return { code, description: codeOf(row.Desc_emp) ?? code };
      });
    },
    async listBlocks(enterpriseCode, call) {
      const blocks = new Set((await units(enterpriseCode, call?.signal)).map((unit) => unit.block));
      return [...blocks]
        .filter((block): block is string => !!block)
        .map((block) => ({ code: block, name: block }));
    },
    listUnits: (enterpriseCode, call) => units(enterpriseCode, call?.signal),
    async listSales(enterpriseCode, call) {
      const empresa = empresaOf(enterpriseCode);
      const works = await obras(empresa, call?.signal);
      if (works.length === 0) return [];
      const keys = [];
      for (const statusVenda of ['0', '3']) {
        keys.push(
          ...parseSaleKeys(
            await post(
              'Venda/RetornaChavesVendasPorPeriodo',
              {
                data_inicio: '1990-01-01T00:00:00',
                data_fim: `${today()}T23:59:59`,
                status_escrituracao: false,
                statusVenda,
                listaEmpresaObra: works.map((codigoObra) => ({ codigoEmpresa: empresa, codigoObra })),
              },
              call?.signal,
            ),
          ),
        );
      }
      const sales: ErpSale[] = [];
      for (const key of keys) {
        const body = await post(
          'Venda/ConsultarResumoVenda',
          { codigoEmpresa: key.empresa, codigoObra: key.obra, numeroVenda: key.venda },
          call?.signal,
        );
        const row = Array.isArray(body) ? uauRows(body, 'ConsultarResumoVenda')[0] : body;
        if (!isRecord(row)) throw malformed(VENDOR, 'ConsultarResumoVenda');
        const status = codeOf(row.Status_ven);
        sales.push({
          code: saleCode(key.obra, key.venda),
          enterpriseCode,
          unitIds: Array.isArray(row.Unidades)
            ? row.Unidades.filter(isRecord).map(
                (unit) => `${key.obra}/${codeOf(unit.Prod_unid) ?? ''}/${codeOf(unit.NumPer_unid) ?? ''}`,
              )
            : [],
          buyerCode: codeOf(row.Cliente_ven),
          buyerName: codeOf(row.nome_pes),
          date: dateOf(row.DataVenda_ven),
          value: numberOf(row.ValorVenda_ven),
          status,
          cancelled: status === '1',
        });
      }
      return sales;
    },
    async listBuyers(enterpriseCode, call) {
      const buyers = new Map<string, { code: string; name: string; document: string | null }>();
      for (const row of await openInstalments(enterpriseCode, today(), call?.signal))
        if (row.buyerCode)
          buyers.set(row.buyerCode, { code: row.buyerCode, name: row.buyerName ?? '', document: null });
      return [...buyers.values()];
    },
    async listInstalments(enterpriseCode, call) {
      const referenceDate = call?.referenceDate ?? today();
      const rows = await openInstalments(enterpriseCode, referenceDate, call?.signal);
      return splitInstalments(
        rows.map(({ buyerCode: _code, buyerName: _name, ...instalment }) => instalment),
        referenceDate,
      );
    },
    async listDefaults(enterpriseCode, call) {
      const { overdue } = await this.listInstalments(enterpriseCode, call);
      return defaultsOf(overdue);
    },
    unitFieldOptions: () => UAU_UNIT_FIELDS,
    salesStatusOptions: () => UAU_UNIT_STATUSES,
  };
}
