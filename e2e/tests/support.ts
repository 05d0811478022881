import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  SELECTED_PROJECT_STORAGE_KEY,
  SESSION_STORAGE_KEY,
  authApi,
  credentialsSchema,
  projectsApi,
} from '@mirante/shared';
import { signedInApi, type ContractClient } from './api';
import { dataFolderFor, workerPort } from '../worker-server';

/** Not (or no longer) in antd's appear/enter motion: its motion classes end in `-appear…`/`-enter…`. */
const SETTLED = ':not([class*="-appear"]):not([class*="-enter"])';

export const DEMO_PASSWORD = 'mirante2026';
export const ADMIN = 'admin@mirante.app.br';
export const MANAGER = 'gerente@horizonte.com.br';
export const USER = 'usuario@horizonte.com.br';
export const OTHER_CUSTOMER_USER = 'usuario@valeverde.com.br';
export const INACTIVE = 'inativo@horizonte.com.br';
export const ACCESS_TOKEN = 'demo-acesso-jardim-das-palmeiras';
export const SESSION_KEY = SESSION_STORAGE_KEY;

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

const LANDING_PAGE = /\/page\/(fusion-map|area)/;

/** Signs in through the form and waits for the landing page: for the specs about signing in. */
export async function signInAndWait(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await signIn(page, email, password);
  await expect(page).toHaveURL(LANDING_PAGE);
}

/**
 * Signs in through the API and opens `path` already signed in, on `project` when given (its name, whole or its
 * start; else the user's default project); with no path, the user's landing page, as after the form. Typing in
 * the form and then loading the landing map cost seconds a test; sign-in.spec and passwords.spec test the form,
 * projects.spec the project selector. Each call opens a session of its own, so no test can end another's
 * (sign-out, password change, deactivation).
 */
export async function openSignedIn(
  page: Page,
  email: string,
  { path, project }: { path?: string; project?: string } = {},
): Promise<void> {
  const { client, credentials } = await signedInApi(email, DEMO_PASSWORD);
  const stored: Record<string, string> = { [SESSION_STORAGE_KEY]: JSON.stringify(credentials) };
  if (project !== undefined) {
    const projects = await client.call(projectsApi.list);
    const found = projects.find((candidate) => candidate.name.startsWith(project));
    expect(found, `${email} sees the project ${project}`).toBeDefined();
    stored[SELECTED_PROJECT_STORAGE_KEY] = String(found?.id);
  }
  // Any page of the app's origin reaches its storage; the health check loads no app.
  await page.goto('/api/v1/health');
  await page.evaluate(
    ({ entries, sessionKey }) => {
      // Where the app keeps them (credentialsStorage.ts, projects/selection.ts).
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      sessionStorage.setItem(sessionKey, entries[sessionKey] ?? '');
    },
    { entries: stored, sessionKey: SESSION_STORAGE_KEY },
  );
  await page.goto(path ?? '/');
  if (path === undefined) await expect(page).toHaveURL(LANDING_PAGE);
}

/** A contract client of a fresh API session of `email` (the demo's password unless given). */
export async function apiAs(email: string, password = DEMO_PASSWORD): Promise<ContractClient> {
  return (await signedInApi(email, password)).client;
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page);
  await menuItem(page, 'Sair').click();
  await expect(page).toHaveURL(/\/$/);
}

/** Opens the project selector, searches and picks the option. */
export async function chooseProject(page: Page, search: string, optionText: string | RegExp): Promise<void> {
  await page.getByTestId('project-selector').click();
  await page.keyboard.type(search);
  await listedOptions(page).filter({ hasText: optionText }).click();
}

/**
 * An item of the main menu (always shown) or of an open dropdown menu (the user menu, the export menus), once that
 * menu has finished appearing. Like a select's list (listedOptions), an appearing dropdown menu is laid out for a
 * few frames at full size but transparent and then slid in from a smaller size: a click pressed in the first stage
 * and released in the second can end outside the item and choose nothing. The label is matched whole, after the
 * name of the item's icon if it has one ('key Trocar senha').
 */
export function menuItem(page: Page, label: string): Locator {
  const openedMenus = page.locator(`.ant-dropdown:visible${SETTLED}:not([class*="-leave"])`);
  return page
    .getByRole('menu', { name: 'Menu principal' })
    .or(openedMenus)
    .getByRole('menuitem', { name: new RegExp(`^(\\S+ )?${escapedForRegExp(label)}$`) });
}

const escapedForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function storedApiToken(page: Page): Promise<string> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
  expect(raw).not.toBeNull();
  return credentialsSchema.parse(JSON.parse(raw ?? '{}')).api_token;
}

/** Changes a password through the API (used to restore demo passwords so tests stay independent). */
export async function changePasswordByApi(
  request: APIRequestContext,
  email: string,
  current: string,
  next: string,
): Promise<void> {
  const { client } = await signedInApi(email, current);
  await client.call(authApi.changePassword, {
    body: { current_password: current, password: next, password_confirmation: next },
  });
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

/**
 * The open select's options, once its list has finished appearing. An appearing list (antd's motion classes
 * `…-appear`/`…-enter`) is laid out for a few frames at full size but transparent, where a click counts its
 * options as visible and steady, and is then shrunk to nothing for the animation: a click pressed in the first
 * stage and released in the second ends outside the option, chooses nothing and leaves the list open over what
 * lies beneath it (seen under load: security's 'Grupo' over 'Registrar').
 */
export function listedOptions(page: Page): Locator {
  return page
    .locator(`.ant-select-dropdown:visible${SETTLED}:not([class*="-leave"])`)
    .locator('.ant-select-item-option');
}

/**
 * A dialog (an antd modal or drawer) once it has finished appearing. Like a select's list (listedOptions), an
 * appearing modal is laid out for a few frames at full size and then zoomed from nothing: a click on its button
 * pressed in the first stage and released in the second ends outside the button and does nothing (seen in CI: the
 * 'Rejeitar' of 'Rejeitar proposta' clicked without its validation message). Clicks wait for these classes to go.
 */
export function openedDialog(page: Page, options?: Parameters<Page['getByRole']>[1]): Locator {
  return page.getByRole('dialog', options).and(page.locator(SETTLED));
}

/** Opens an antd select (`field`: its input) and clicks the first option containing `option`. */
export async function pick(page: Page, field: Locator, option: string | RegExp): Promise<void> {
  await noOpenDropdown(page);
  await field.click();
  await listedOptions(page).filter({ hasText: option }).first().click();
}

/**
 * Notes every message (antd's `.ant-message-notice`) the page shows from now on, however briefly, and returns a
 * function that gives their texts in order. A success message lasts 1 s: on a busy machine an expect's
 * polling can miss it when it comes seconds after the action (an upload that follows another).
 */
export async function noteMessages(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const state = window as unknown as {
      __miranteNotedMessages?: string[];
      __miranteNoter?: MutationObserver;
    };
    state.__miranteNoter?.disconnect();
    const noted: string[] = [];
    // Messages already on screen came before: not noted.
    document.querySelectorAll<HTMLElement>('.ant-message-notice').forEach((notice) => {
      notice.dataset.noted = 'true';
    });
    const noter = new MutationObserver(() => {
      document.querySelectorAll<HTMLElement>('.ant-message-notice:not([data-noted])').forEach((notice) => {
        const text = notice.textContent?.trim() ?? '';
        if (text === '') return;
        notice.dataset.noted = 'true';
        noted.push(text);
      });
    });
    noter.observe(document.body, { childList: true, subtree: true, characterData: true });
    Object.assign(state, { __miranteNotedMessages: noted, __miranteNoter: noter });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __miranteNotedMessages: string[] }).__miranteNotedMessages);
}
