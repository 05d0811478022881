/**
 * The English names antd's inner parts give themselves where antd has no option to change them: the number
 * field's step buttons, named in its rc-component, and the icons inside messages, results and such, named by
 * their files ('check-circle'). Icons and names the app gives are left as they are; ConfigProvider
 * (`app/antdIcons.tsx`) covers what antd lets it.
 */
const PT_BR_NAMES: Readonly<Record<string, string>> = {
  'Increase Value': 'Aumentar valor',
  'Decrease Value': 'Diminuir valor',
};

/** An antd icon still named by its own file (`anticon-check-circle` named 'check-circle'): decorative. */
const isUnnamedIcon = (element: Element) => {
  const label = element.getAttribute('aria-label');
  return (
    label !== null &&
    element.getAttribute('role') === 'img' &&
    element.classList.contains(`anticon-${label}`) &&
    element.getAttribute('aria-hidden') !== 'true'
  );
};

function fix(element: Element): void {
  const label = element.getAttribute('aria-label');
  if (label === null) return;
  const ptBr = PT_BR_NAMES[label];
  if (ptBr) element.setAttribute('aria-label', ptBr);
  else if (isUnnamedIcon(element)) element.setAttribute('aria-hidden', 'true');
}

function sweep(node: Node): void {
  if (!(node instanceof Element)) return;
  fix(node);
  node.querySelectorAll('[aria-label]').forEach(fix);
}

/**
 * Keeps `root` free of those English names: what is there now and whatever is added or renamed later. Returns
 * the function that stops it.
 */
export function keepLibraryNamesInPtBr(root: Element): () => void {
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') fix(record.target as Element);
      else record.addedNodes.forEach(sweep);
    }
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  });
  sweep(root);
  return () => observer.disconnect();
}
