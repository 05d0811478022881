import type { CreateConnector, ErpConnector, ErpCredentialsByKind } from './erp-connector';
import { createSiengeConnector } from './sienge-connector';

/**
 * The connector of one customer's ERP. `credentials` are the decrypted ones of the config service;
 * `options.customerId` keys Mega's token manager (one per customer).
 */
export const createConnector: CreateConnector = (erp, credentials, options): ErpConnector => {
  switch (erp) {
    case 'sienge':
      return createSiengeConnector(credentials as ErpCredentialsByKind['sienge'], options);
    default:
      throw new Error(`Conector ${erp} ainda não implementado.`);
  }
};
