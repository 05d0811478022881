import {
  INTEGRATION_MESSAGES,
  type MegaCredentialsInput,
  type MegaCredentialsView,
  type SiengeCredentialsInput,
  type SiengeCredentialsView,
  type UauCredentialsInput,
  type UauCredentialsView,
} from '@mirante/shared';
import { unprocessable } from '../../http/app-error';
import type { ErpCredentialsByKind, ErpKind } from './connectors/erp-connector';

/** What each ERP's credentials form sends, and what GET answers (never the password or token). */
export interface CredentialInputs {
  mega: MegaCredentialsInput;
  uau: UauCredentialsInput;
  sienge: SiengeCredentialsInput;
}
export interface CredentialViews {
  mega: MegaCredentialsView;
  uau: UauCredentialsView;
  sienge: SiengeCredentialsView;
}

/** A secret typed in, else the saved one, else 'Informe …'. */
function secret(typed: string | undefined, saved: string | undefined, message: string): string {
  if (typed !== undefined && typed !== '') return typed;
  if (saved) return saved;
  throw unprocessable('VALIDATION', message);
}

/** The connector's credentials from the form, keeping the saved password (and UAU token) when left blank. */
export function credentialsFromInput<E extends ErpKind>(
  erp: E,
  input: CredentialInputs[E],
  saved: ErpCredentialsByKind[E] | null,
): ErpCredentialsByKind[E] {
  const M = INTEGRATION_MESSAGES;
  if (erp === 'mega') {
    const form = input as MegaCredentialsInput;
    const old = saved as ErpCredentialsByKind['mega'] | null;
    const credentials: ErpCredentialsByKind['mega'] = {
      authUrl: form.mega_url1.trim(),
      apiUrl: form.mega_url2.trim(),
      username: form.mega_username.trim(),
      password: secret(form.mega_password, old?.password, M.passwordRequired),
      tenantId: form.mega_tenant_id?.trim() || null,
    };
    return credentials as ErpCredentialsByKind[E];
  }
  if (erp === 'uau') {
    const form = input as UauCredentialsInput;
    const old = saved as ErpCredentialsByKind['uau'] | null;
    const credentials: ErpCredentialsByKind['uau'] = {
      url: form.uau_url.trim(),
      username: form.uau_username.trim(),
      password: secret(form.uau_password, old?.password, M.passwordRequired),
      integrationToken: secret(form.uau_integration_token, old?.integrationToken, M.integrationTokenRequired),
    };
    return credentials as ErpCredentialsByKind[E];
  }
  const form = input as SiengeCredentialsInput;
  const old = saved as ErpCredentialsByKind['sienge'] | null;
  const credentials: ErpCredentialsByKind['sienge'] = {
    url: form.sienge_url.trim(),
    username: form.sienge_username.trim(),
    password: secret(form.sienge_password, old?.password, M.passwordRequired),
  };
  return credentials as ErpCredentialsByKind[E];
}

/** GET credentials: URLs and user name, whether a password (token) is saved; never the secrets. */
export function credentialsView<E extends ErpKind>(
  erp: E,
  saved: ErpCredentialsByKind[E] | null,
  updatedAt: Date | null,
): CredentialViews[E] {
  const at = updatedAt?.toISOString() ?? null;
  if (erp === 'mega') {
    const c = saved as ErpCredentialsByKind['mega'] | null;
    const view: MegaCredentialsView = {
      mega_url1: c?.authUrl ?? null,
      mega_username: c?.username ?? null,
      mega_url2: c?.apiUrl ?? null,
      mega_tenant_id: c?.tenantId ?? null,
      has_password: !!c?.password,
      updated_at: at,
    };
    return view as CredentialViews[E];
  }
  if (erp === 'uau') {
    const c = saved as ErpCredentialsByKind['uau'] | null;
    const view: UauCredentialsView = {
      uau_url: c?.url ?? null,
      uau_username: c?.username ?? null,
      has_password: !!c?.password,
      has_integration_token: !!c?.integrationToken,
      updated_at: at,
    };
    return view as CredentialViews[E];
  }
  const c = saved as ErpCredentialsByKind['sienge'] | null;
  const view: SiengeCredentialsView = {
    sienge_url: c?.url ?? null,
    sienge_username: c?.username ?? null,
    has_password: !!c?.password,
    updated_at: at,
  };
  return view as CredentialViews[E];
}
