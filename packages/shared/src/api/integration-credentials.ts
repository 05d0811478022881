import { z } from 'zod';
import { INTEGRATION_MESSAGES as M } from '../domain/integration';
import { text } from './input-rules';

/*
 * The credentials of the three ERPs' wizards (7 "Integration"): what each credentials step sends and
 * what GET answers. Stored encrypted and never sent back in full: only the URLs, the user name and whether a
 * password (and UAU integration token) is saved.
 */

const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** A required URL: blank → `required`, not http(s) → urlInvalid. */
const urlField = (required: string) =>
  text(500, { required }).trim().min(1, { error: required }).regex(URL_PATTERN, { error: M.urlInvalid });

const requiredText = (message: string, max = 255) =>
  text(max, { required: message }).trim().min(1, { error: message });

/** A secret: absent or blank keeps the saved one (the service refuses when none is saved). */
const secretField = (max = 255) => text(max).optional();

export const megaCredentialsInputSchema = z.object({
  /** The authentication service (SignIn/RefreshToken). */
  mega_url1: urlField(M.megaUrl1Required),
  mega_username: requiredText(M.usernameRequired),
  mega_password: secretField(),
  /** The data service (globalestruturas, Carteira). */
  mega_url2: urlField(M.megaUrl2Required),
  /** Only on MegaCloud (the `tenantId` header); blank for an own server. */
  mega_tenant_id: text(100).trim().optional(),
});
export type MegaCredentialsInput = z.input<typeof megaCredentialsInputSchema>;

export const uauCredentialsInputSchema = z.object({
  /** The API base, e.g. https://host:50801/uauAPI/api/v1.0 */
  uau_url: urlField(M.apiUrlRequired),
  uau_username: requiredText(M.usernameRequired),
  uau_password: secretField(),
  /** The integration token Globaltec issues (header X-INTEGRATION-Authorization); blank keeps the saved one. */
  uau_integration_token: secretField(4000),
});
export type UauCredentialsInput = z.input<typeof uauCredentialsInputSchema>;

/** Sienge's URL may be the full base (https://api.sienge.com.br/<sub>/public/api) or only the subdomain. */
export const siengeCredentialsInputSchema = z.object({
  sienge_url: text(500, { required: M.apiUrlRequired })
    .trim()
    .min(1, { error: M.apiUrlRequired })
    .regex(/^(https?:\/\/[^\s/$.?#][^\s]*|[a-z0-9][a-z0-9-]*)$/i, { error: M.urlInvalid }),
  sienge_username: requiredText(M.usernameRequired),
  sienge_password: secretField(),
});
export type SiengeCredentialsInput = z.input<typeof siengeCredentialsInputSchema>;

const savedAt = z.string().nullable();

export const megaCredentialsSchema = z.object({
  mega_url1: z.string().nullable(),
  mega_username: z.string().nullable(),
  mega_url2: z.string().nullable(),
  mega_tenant_id: z.string().nullable(),
  has_password: z.boolean(),
  /** ISO timestamp of the last save; null: never saved. */
  updated_at: savedAt,
});
export const uauCredentialsSchema = z.object({
  uau_url: z.string().nullable(),
  uau_username: z.string().nullable(),
  has_password: z.boolean(),
  has_integration_token: z.boolean(),
  updated_at: savedAt,
});
export const siengeCredentialsSchema = z.object({
  sienge_url: z.string().nullable(),
  sienge_username: z.string().nullable(),
  has_password: z.boolean(),
  updated_at: savedAt,
});
export type MegaCredentialsView = z.infer<typeof megaCredentialsSchema>;
export type UauCredentialsView = z.infer<typeof uauCredentialsSchema>;
export type SiengeCredentialsView = z.infer<typeof siengeCredentialsSchema>;
