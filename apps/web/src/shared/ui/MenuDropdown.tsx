import { useRef } from 'react';
import { Dropdown, type DropdownProps, type MenuProps } from 'antd';

type MenuClick = Parameters<NonNullable<MenuProps['onClick']>>[0];

/** The focus is in the closing menu, or was lost with it. */
function focusLeftWithMenu(): boolean {
  const focused = document.activeElement;
  return focused === null || focused === document.body || focused.closest('.ant-dropdown') !== null;
}

/**
 * An antd dropdown menu that works from the keyboard as well as the mouse: a click, Enter or Space on its button
 * opens it with the focus on its first item, the arrow keys move through the items, Enter chooses one, and Escape
 * closes it; either way the focus goes back to the button. antd's default (opened on hover, focus left on the
 * button) gives a keyboard no way into the menu.
 */
export function MenuDropdown({ menu, onOpenChange, ...props }: DropdownProps) {
  const opener = useRef<HTMLElement | null>(null);
  const open = useRef(false);
  const onClick = (info: MenuClick) => {
    if (info.domEvent.type === 'keydown') {
      // The focus goes back to the button while Enter is down: Enter must not press it (and open the menu again).
      info.domEvent.preventDefault();
      // Enter on an item whose label is a link (a download) chooses the item, not the link: follow it as a click does.
      (info.domEvent.currentTarget as HTMLElement | null)?.querySelector('a')?.click();
    }
    menu?.onClick?.(info);
  };
  const openChanged: DropdownProps['onOpenChange'] = (nowOpen, info) => {
    open.current = nowOpen;
    if (nowOpen)
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // antd's own return of the focus on Escape is unhooked by the closing before it runs (antd 6.6).
    else if (focusLeftWithMenu()) opener.current?.focus();
    onOpenChange?.(nowOpen, info);
  };
  // After Enter on an item, the menu focuses that item again a frame later, while it fades out.
  const onFocus = () => {
    if (!open.current) opener.current?.focus();
  };
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={menu && { ...menu, onClick, onFocus }}
      onOpenChange={openChanged}
      {...props}
    />
  );
}
