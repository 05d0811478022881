import {
  ErpError,
  type ConnectorOptions,
  type ErpConnector,
  type ErpInstalment,
  type MegaCredentials,
} from './erp-connector';
import {
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
import { megaTokenManager } from './mega-token-manager';

const VENDOR = 'Mega';

/** Mega's error bodies: {"message"} / {"Message"} / {"title","detail"} (ASP.NET ProblemDetails) or a string. */
export function megaFailure(_status: number, body: unknown): VendorFailure {
  if (!isRecord(body)) return { message: null };
  const message = body.message ?? body.Message ?? body.detail ?? body.title;
  return { message: typeof message === 'string' ? message : null };
}

const trimUrl = (url: string) => url.trim().replace(/\/+$/, '');

/**
 * Mega REST (the vendor's documentation and its known corrections): SignIn on the auth server (mega_url1) with `grantType: Api`
 * (and `tenantId` on MegaCloud), Bearer JWT on the API server (mega_url2), one token manager per customer.
 * Enterprises GET /api/globalestruturas/Empreendimentos; blocks …/Empreendimentos/{id}/Blocos; units
 * …/Blocos/{idBloco}/Unidades (ids are encrypted strings, passed through as is); contracts
 * /api/Carteira/DadosContrato/IdEmpreendimento={id}; instalments /api/Carteira/DadosParcelas/IdContrato={id}.
 * 204 = nothing found (an empty list). 429: back-off (the integrator waits 30/60/90 s; Retry-After honoured).
 */
export function createMegaConnector(credentials: MegaCredentials, options: ConnectorOptions): ErpConnector {
  const api = trimUrl(credentials.apiUrl);
  const http = createErpHttp({ ...options, vendor: VENDOR, readFailure: megaFailure });
  const today = options.today ?? todayInBrazil;
  const tokens = megaTokenManager(options.customerId, {
    http,
    authUrl: trimUrl(credentials.authUrl),
    username: credentials.username,
    password: credentials.password,
    tenantId: credentials.tenantId ?? null,
  });

  async function get(path: string, signal?: AbortSignal): Promise<unknown[]> {
    for (let attempt = 0; ; attempt += 1) {
      const token = await tokens.accessToken(signal);
      try {
        const { status, body } = await http.send({
          method: 'GET',
          url: `${api}${path}`,
          headers: { Authorization: `Bearer ${token}` },
          signal,
        });
        if (status === 204 || body === null) return [];
        if (!Array.isArray(body)) throw malformed(VENDOR, `${path.split('?')[0]} não devolveu uma lista`);
        return body.map((row) => {
          if (!isRecord(row)) throw malformed(VENDOR, `${path.split('?')[0]}: item inválido`);
          return row;
        });
      } catch (error) {
        if (error instanceof ErpError && error.reason === 'auth' && attempt === 0) {
          tokens.rejected(token);
          continue;
        }
        throw error;
      }
    }
  }

  const records = (rows: unknown[]) => rows as Record<string, unknown>[];
  const id = (value: string) => encodeURIComponent(value);

  async function contracts(enterpriseCode: string, signal?: AbortSignal) {
    const rows = records(
      await get(`/api/Carteira/DadosContrato/IdEmpreendimento=${id(enterpriseCode)}`, signal),
    );
    return rows.map((row) => {
      const code = codeOf(row.cod_contrato);
      if (!code) throw malformed(VENDOR, 'DadosContrato sem cod_contrato');
      const status = codeOf(row.status_contrato);
      const document = codeOf(row.cpf_cnpj_cliente)?.replace(/\D/g, '') || null;
      return {
        code,
        enterpriseCode,
        unitIds: [codeOf(row.cod_unidade)].filter((unit): unit is string => unit !== null),
        buyerCode: codeOf(row.cod_cliente),
        buyerName: codeOf(row.nome_cliente),
        document,
        date: dateOf(row.data_assinatura),
        value: numberOf(row.valor_contrato),
        status,
        cancelled: /cancel|distrat/i.test(status ?? ''),
      };
    });
  }

  async function instalments(enterpriseCode: string, referenceDate: string, signal?: AbortSignal) {
    const open: ErpInstalment[] = [];
    for (const contract of await contracts(enterpriseCode, signal)) {
      if (contract.cancelled) continue;
      const rows = records(await get(`/api/Carteira/DadosParcelas/IdContrato=${id(contract.code)}`, signal));
      for (const row of rows) {
        if (codeOf(row.status_parcela) !== null && codeOf(row.status_parcela) !== 'Ativo') continue;
        if (/pag/i.test(codeOf(row.situacao) ?? '') || row.data_baixa) continue;
        const dueDate = dateOf(row.data_vencimento);
        const value = numberOf(row.vlr_original);
        if (!dueDate || value === null)
          throw malformed(VENDOR, 'DadosParcelas sem data_vencimento ou vlr_original');
        const interest = numberOf(row.vlr_jurosreneg) ?? 0;
        open.push({
          saleCode: contract.code,
          number: codeOf(row.cod_parcela) ?? '',
          dueDate,
          value: money(value),
          // Mega's DadosParcelas carries no present value: the original plus the renegotiation interest.
          correctedValue: money(value + interest),
          interest: money(interest),
          fine: 0,
        });
      }
    }
    return splitInstalments(open, referenceDate);
  }

  async function blocks(enterpriseCode: string, signal?: AbortSignal) {
    const rows = records(
      await get(`/api/globalestruturas/Empreendimentos/${id(enterpriseCode)}/Blocos`, signal),
    );
    return rows.map((row) => {
      const code = codeOf(row.codigo);
      if (!code) throw malformed(VENDOR, 'Blocos sem codigo');
      return { code, name: codeOf(row.nome) ?? code };
    });
  }

  return {
    erp: 'mega',
    async testConnection(call) {
      await tokens.accessToken(call?.signal);
    },
    async listEnterprises(call) {
      const rows = records(await get('/api/globalestruturas/Empreendimentos', call?.signal));
      return rows
        .filter((row) => codeOf(row.status) === null || codeOf(row.status) === 'A')
        .map((row) => {
          const code = codeOf(row.codigo);
          if (!code) throw malformed(VENDOR, 'Empreendimentos sem codigo');
          return { code, description: codeOf(row.nome) ?? codeOf(row.descricao) ?? code };
        });
    },
    listBlocks: (enterpriseCode, call) => blocks(enterpriseCode, call?.signal),
    async listUnits(enterpriseCode, call) {
      const units = [];
      for (const block of await blocks(enterpriseCode, call?.signal)) {
        const rows = records(
          await get(
            `/api/globalestruturas/Empreendimentos/${id(enterpriseCode)}/Blocos/${id(block.code)}/Unidades`,
            call?.signal,
          ),
        );
        for (const row of rows) {
          const code = codeOf(row.codigo);
          const name = codeOf(row.nome);
          if (!code || !name) throw malformed(VENDOR, 'Unidades sem codigo ou nome');
          const fields: Record<string, string | null> = {};
          for (const [key, value] of Object.entries(row)) fields[key] = codeOf(value);
          units.push({
            id: code,
            enterpriseCode,
            label: `${block.name} ${name}`,
            block: block.name,
            lot: name,
            status: codeOf(row.situacao),
            saleCode: codeOf(row.cod_contrato),
            fields: { ...fields, bloco: block.name },
          });
        }
      }
      return units;
    },
    async listSales(enterpriseCode, call) {
      return (await contracts(enterpriseCode, call?.signal)).map(({ document: _document, ...sale }) => sale);
    },
    async listBuyers(enterpriseCode, call) {
      const buyers = new Map<string, { code: string; name: string; document: string | null }>();
      for (const contract of await contracts(enterpriseCode, call?.signal)) {
        const code = contract.buyerCode ?? contract.document;
        if (code) buyers.set(code, { code, name: contract.buyerName ?? '', document: contract.document });
      }
      return [...buyers.values()];
    },
    listInstalments: (enterpriseCode, call) =>
      instalments(enterpriseCode, call?.referenceDate ?? today(), call?.signal),
    async listDefaults(enterpriseCode, call) {
      const { overdue } = await instalments(enterpriseCode, call?.referenceDate ?? today(), call?.signal);
      return defaultsOf(overdue);
    },
    unitFieldOptions: () => [
      { key: 'codigo', value: 'Código da unidade' },
      { key: 'nome', value: 'Nome da unidade' },
      { key: 'bloco', value: 'Bloco' },
    ],
    salesStatusOptions: () => [],
  };
}
