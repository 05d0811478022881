import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { dataFolderFor, workerPort } from '../worker-server';

export const DEMO_PASSWORD = 'mirante2026';
export const ADMIN = 'admin@mirante.app.br';
export const MANAGER = 'gerente@horizonte.com.br';
export const USER = 'usuario@horizonte.com.br';
export const OTHER_CUSTOMER_USER = 'usuario@valeverde.com.br';
export const INACTIVE = 'inativo@horizonte.com.br';
export const ACCESS_TOKEN = 'demo-acesso-jardim-das-palmeiras';
export const SESSION_KEY = 'mirante-session-2.0.1';

const outboxDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../..',
  dataFolderFor(workerPort()),
  'outbox',
);

/** Fills the landing form like a person and submits with Enter. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByLabel('Senha').press('Enter');
}

export async function signInAndWait(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/page\/(fusion-map|area)/);
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Opens the project selector, searches and picks the option. */
export async function chooseProject(page: Page, search: string, optionText: string | RegExp): Promise<void> {
  await page.getByTestId('project-selector').click();
  await page.keyboard.type(search);
  await page.locator('.ant-select-item-option', { hasText: optionText }).click();
}

export function menuItem(page: Page, label: string) {
  return page
    .getByRole('menu', { name: 'Menu principal' })
    .getByRole('menuitem', { name: label, exact: true });
}

export async function storedApiToken(page: Page): Promise<string> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
  expect(raw).not.toBeNull();
  return (JSON.parse(raw ?? '{}') as { api_token: string }).api_token;
}

/** Changes a password through the API (used to restore demo passwords so tests stay independent). */
export async function changePasswordByApi(
  request: APIRequestContext,
  email: string,
  current: string,
  next: string,
): Promise<void> {
  const login = await request.post('/api/v1/user', { data: { email, password: current } });
  expect(login.ok()).toBe(true);
  const { api_token } = (await login.json()) as { api_token: string };
  const change = await request.post('/api/v1/user/change-password', {
    headers: { Authorization: `Bearer ${api_token}` },
    form: { current_password: current, password: next, password_confirmation: next },
  });
  expect(change.ok()).toBe(true);
}

/** Decodes a quoted-printable body: soft line breaks (`=\n`) and `=XX` bytes. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The newest e-mail written to the outbox for `recipient`, decoded. */
export function newestEmailTo(recipient: string, since: number): string | null {
  let files: string[];
  try {
    files = readdirSync(outboxDir).filter((file) => file.endsWith('.eml'));
  } catch {
    return null;
  }
  const candidates = files
    .map((file) => path.join(outboxDir, file))
    .filter((file) => statSync(file).mtimeMs >= since)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .map((file) => decodeQuotedPrintable(readFileSync(file, 'utf8')))
    .filter((mail) => new RegExp(`^To: .*${recipient.replace(/[.]/g, '\\.')}`, 'im').test(mail));
  return candidates[0] ?? null;
}

export async function waitForEmailTo(recipient: string, since: number): Promise<string> {
  let mail: string | null = null;
  await expect
    .poll(() => {
      mail = newestEmailTo(recipient, since);
      return mail !== null;
    })
    .toBe(true);
  return mail ?? '';
}

/** No select dropdown open or still fading out (a closing one can sit over the next field and take the click). */
export async function noOpenDropdown(page: Page): Promise<void> {
  const open = page.locator('.ant-select-dropdown:visible');
  try {
    await expect(open).toHaveCount(0, { timeout: 3_000 });
    return;
  } catch {
    // A multi-select keeps its list open until focus leaves it, as Tab does for a person.
    await page.keyboard.press('Tab');
  }
  await expect(open).toHaveCount(0, { timeout: 7_000 });
}

/** Opens an antd select and clicks the first option containing `option`. */
export async function pick(page: Page, field: Locator, option: string | RegExp): Promise<void> {
  await noOpenDropdown(page);
  await field.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}
