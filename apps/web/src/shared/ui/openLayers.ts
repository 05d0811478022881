/**
 * The floating layers antd opens above a page or a panel: dialogs, drawers, select lists, date pickers, menus,
 * popovers and popconfirms. Escape belongs to the innermost one: a panel that closes on Escape first asks
 * whether one of these is open, and leaves the key to it.
 */
const LAYERS = [
  '.ant-modal-wrap',
  '.ant-drawer-content-wrapper',
  '.ant-select-dropdown',
  '.ant-picker-dropdown',
  '.ant-cascader-dropdown',
  '.ant-dropdown',
  '.ant-popover',
].join(', ');

export function anyLayerOpen(root: ParentNode = document): boolean {
  return [...root.querySelectorAll<HTMLElement>(LAYERS)].some(
    (layer) => getComputedStyle(layer).display !== 'none' && !/-hidden\b/.test(layer.className),
  );
}

/**
 * Calls `onEscape` for an Escape that no inner layer takes. The layers are looked at as the key goes down,
 * before any of them handles it: a date picker that closes on this very key still counts as open.
 */
export function onOuterEscape(onEscape: () => void): () => void {
  let innerOpen = false;
  const before = (event: KeyboardEvent) => {
    if (event.key === 'Escape') innerOpen = anyLayerOpen();
  };
  const after = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented || innerOpen) return;
    onEscape();
  };
  document.addEventListener('keydown', before, true);
  document.addEventListener('keydown', after);
  return () => {
    document.removeEventListener('keydown', before, true);
    document.removeEventListener('keydown', after);
  };
}
