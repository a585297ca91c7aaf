import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import styled from 'styled-components';
import { popupItem, popupList } from './popup-list.js';

const Content = styled(DropdownMenu.Content)`
  ${popupList}
  min-width: 180px;
  padding: 6px 0;
`;

const Item = styled(DropdownMenu.Item)`
  ${popupItem}
`;

export interface MenuItem {
  label: string;
  onSelect: () => void;
}

export interface MenuProps {
  /** The element that opens the menu; it must be a button (it receives the trigger props). */
  trigger: ReactNode;
  items: MenuItem[];
  align?: 'start' | 'end';
  /** Open as it mounts (a menu loaded on its button's first click). */
  defaultOpen?: boolean;
}

/** A menu button with keyboard navigation and roles from Radix. */
export function Menu({ trigger, items, align = 'end', defaultOpen = false }: MenuProps) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <Content align={align} sideOffset={4}>
          {items.map((item) => (
            <Item key={item.label} onSelect={item.onSelect}>
              {item.label}
            </Item>
          ))}
        </Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
