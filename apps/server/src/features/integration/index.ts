/** The integration feature's public entry: what other features may use. */
export { reencryptCredentials } from './credentials-rekey';
