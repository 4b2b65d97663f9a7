import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';

export type RowMenuProps = {
  /** Accessible name of the button, naming the row, e.g. "Actions for R-10K at Shelf A". */
  label: string;
  /** The menu's `Menu.Item`s. */
  children: ReactNode;
};

const keepFromRow = (event: MouseEvent) => event.stopPropagation();

/**
 * A row's actions behind a "⋮" button in a list's last column. The menu is built when the button is first
 * pressed, not with the row: a menu per row (its popover, target, portal and transition) weighed on every page of
 * rows, and each rendered again once it was in the page (ADR 0023). Once built it stays, opening and closing as any
 * menu, and gives the focus back to its button when it closes.
 */
export function RowMenu({ label, children }: RowMenuProps) {
  const [built, setBuilt] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  // The menu's button replaced the one pressed: it takes the focus before the menu opens, so that the menu
  // remembers it as the place to give the focus back to.
  useEffect(() => {
    if (!built) return;
    button.current?.focus();
    setOpened(true);
  }, [built]);

  const target = (
    <ActionIcon
      ref={button}
      variant="subtle"
      color="gray"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={opened}
      onClick={(event) => {
        keepFromRow(event);
        setBuilt(true);
      }}
    >
      <IconDotsVertical size={18} />
    </ActionIcon>
  );
  if (!built) return target;
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown onClick={keepFromRow}>{children}</Menu.Dropdown>
    </Menu>
  );
}
