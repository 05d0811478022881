import type { Page } from '@playwright/test';

/**
 * The names antd gives its icons when the code gives none (`<span role="img" aria-label="search">`): a screen
 * reader reads them out, alone or before the control's own text ('search Pesquisar'). Matched as whole lowercase
 * words. Left out: icon names that are Portuguese words too ('global', 'link', 'menu', 'tag').
 */
const ICON_WORDS = new Set([
  'aim',
  'api',
  'appstore',
  'bell',
  'bg-colors',
  'border-outer',
  'calendar',
  'caret-down',
  'caret-right',
  'caret-up',
  'check',
  'check-circle',
  'clock-circle',
  'close',
  'close-circle',
  'code-sandbox',
  'column-width',
  'compress',
  'copy',
  'delete',
  'double-left',
  'double-right',
  'down',
  'download',
  'edit',
  'ellipsis',
  'environment',
  'exclamation-circle',
  'experiment',
  'eye',
  'eye-invisible',
  'file',
  'file-excel',
  'file-pdf',
  'file-text',
  'filter',
  'folder-open',
  'gateway',
  'hourglass',
  'inbox',
  'info-circle',
  'key',
  'left',
  'loading',
  'lock',
  'logout',
  'mail',
  'minus',
  'paper-clip',
  'pause',
  'picture',
  'play-circle',
  'plus',
  'question-circle',
  'reload',
  'right',
  'search',
  'setting',
  'share-alt',
  'step-backward',
  'step-forward',
  'stop',
  'swap',
  'swap-right',
  'sync',
  'tool',
  'up',
  'upload',
  'user-add',
  'warning',
]);

/** English texts MapLibre and antd use when given no pt-BR one: matched as whole words, in any case. */
const ENGLISH_PHRASES = [
  'Map',
  'Select all',
  'Select row',
  'Zoom in',
  'Zoom out',
  'Reset bearing',
  'Toggle attribution',
  'Close',
  'Search',
  'Loading',
  'Expand row',
  'Collapse row',
  'No data',
  'Previous page',
  'Next page',
  'Remove file',
  'Preview file',
  'Download file',
  'Clear',
  'Copied',
  'Increase Value',
  'Decrease Value',
].map((phrase) => new RegExp(`(?<!\\p{L})${phrase}(?!\\p{L})`, 'iu'));

/** True when `name` holds an English icon name or one of the English phrases. */
function isEnglish(name: string): boolean {
  if (name.split(/[\s,.;:()'"·/]+/).some((word) => ICON_WORDS.has(word))) return true;
  return ENGLISH_PHRASES.some((phrase) => phrase.test(name));
}

/** Roles whose name is the page's own visible text, not a name given to something. */
const TEXT_ROLES = new Set(['StaticText', 'InlineTextBox', 'LineBreak', 'RootWebArea']);

interface AxNode {
  ignored: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
}

/**
 * Every English name a screen reader would meet on the page as it is now: the accessible names Chromium computed
 * for its accessibility tree, and the aria-label attributes outside an aria-hidden subtree. Each as
 * `role "name"` (or `aria-label "…"`), once.
 */
export async function englishNames(page: Page): Promise<string[]> {
  const found = new Set<string>();
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
    for (const node of nodes) {
      const role = String(node.role?.value ?? '');
      const name = node.name?.value;
      if (node.ignored || TEXT_ROLES.has(role) || typeof name !== 'string') continue;
      if (isEnglish(name)) found.add(`${role} "${name}"`);
    }
  } finally {
    await cdp.detach();
  }
  const labels = await page
    .locator('[aria-label]')
    .evaluateAll((elements) =>
      elements
        .filter((element) => !element.closest('[aria-hidden="true"]'))
        .map((element) => element.getAttribute('aria-label') ?? ''),
    );
  for (const label of labels) if (isEnglish(label)) found.add(`aria-label "${label}"`);
  return [...found];
}
