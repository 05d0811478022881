import {
  INTEGRATION_MESSAGES,
  megaCredentialsInputSchema,
  siengeCredentialsInputSchema,
  uauCredentialsInputSchema,
  type Erp,
} from '@mirante/shared';
import type { z } from 'zod';

/** The contract's schema of each ERP's credentials: the form's rules and messages come from it. */
export const CREDENTIAL_SCHEMAS: Record<Erp, z.ZodType> = {
  mega: megaCredentialsInputSchema,
  uau: uauCredentialsInputSchema,
  sienge: siengeCredentialsInputSchema,
};

export interface CredentialField {
  /** The contract's field name (the entities and their fields Integration credentials). */
  name: string;
  label: string;
  /** A secret's message when none is saved (the other fields take theirs from the schema). */
  requiredMessage?: string;
  /** A secret is never sent back: blank keeps the saved one. */
  kind: 'url' | 'text' | 'secret';
  placeholder?: string;
}

const username = (name: string): CredentialField => ({
  name,
  label: 'Usuário',
  kind: 'text',
});

const password = (name: string): CredentialField => ({
  name,
  label: 'Senha',
  requiredMessage: INTEGRATION_MESSAGES.passwordRequired,
  kind: 'secret',
});

/** The credentials step of each wizard, in the order the spec lists them (2.8 and 5). */
export const CREDENTIAL_FIELDS: Record<Erp, CredentialField[]> = {
  mega: [
    {
      name: 'mega_url1',
      label: 'URL do serviço de autenticação',
      kind: 'url',
      placeholder: 'https://auth.empresa.com.br:8443',
    },
    {
      name: 'mega_url2',
      label: 'URL do serviço de dados (API)',
      kind: 'url',
      placeholder: 'https://api.empresa.com.br:8443',
    },
    username('mega_username'),
    password('mega_password'),
    {
      name: 'mega_tenant_id',
      label: 'Tenant (somente MegaCloud; em servidor próprio deixe em branco)',
      kind: 'text',
    },
  ],
  uau: [
    {
      name: 'uau_url',
      label: 'URL da API',
      kind: 'url',
      placeholder: 'https://servidor:50801/uauAPI/api/v1.0',
    },
    username('uau_username'),
    password('uau_password'),
    {
      name: 'uau_integration_token',
      label: 'Token de integração',
      requiredMessage: INTEGRATION_MESSAGES.integrationTokenRequired,
      kind: 'secret',
    },
  ],
  sienge: [
    {
      name: 'sienge_url',
      label: 'URL da API',
      kind: 'url',
      placeholder: 'https://api.sienge.com.br/minhaempresa/public/api ou minhaempresa',
    },
    username('sienge_username'),
    password('sienge_password'),
  ],
};
