import type { CreateConnector, ErpConnector, ErpCredentialsByKind } from './erp-connector';
import { createMegaConnector } from './mega-connector';
import { createSiengeConnector } from './sienge-connector';
import { createUauConnector } from './uau-connector';

/**
 * The connector of one customer's ERP. `credentials` are the decrypted ones of the config service;
 * `options.customerId` keys Mega's token manager (one per customer).
 */
export const createConnector: CreateConnector = (erp, credentials, options): ErpConnector => {
  switch (erp) {
    case 'mega':
      return createMegaConnector(credentials as ErpCredentialsByKind['mega'], options);
    case 'uau':
      return createUauConnector(credentials as ErpCredentialsByKind['uau'], options);
    default:
      return createSiengeConnector(credentials as ErpCredentialsByKind['sienge'], options);
  }
};
