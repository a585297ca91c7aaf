import { useId } from 'react';
import { Select as RadixSelect } from 'radix-ui';
import styled from 'styled-components';
import { popupItem, popupList } from './popup-list.js';
import { ChevronDownIcon } from './icons.js';

const Label = styled.label`
  display: block;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: 4px;
`;

const Trigger = styled(RadixSelect.Trigger)`
  display: inline-flex;
  justify-content: space-between;
  align-items: center;
  min-width: 200px;
  padding: 8px 12px;
  font: inherit;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small}px;
  background: ${({ theme }) => theme.colors.background};
  cursor: pointer;
`;

const Content = styled(RadixSelect.Content)`
  ${popupList}
`;

const Item = styled(RadixSelect.Item)`
  ${popupItem}
`;

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  label: string;
  value: string;
  options: SelectOption[];
  onValueChange: (value: string) => void;
}

/** A labelled single-choice select (listbox semantics and keyboard from Radix). */
export function Select({ label, value, options, onValueChange }: SelectProps) {
  const id = useId();
  return (
    <div>
      <Label id={id}>{label}</Label>
      <RadixSelect.Root value={value} onValueChange={onValueChange}>
        <Trigger aria-labelledby={id}>
          <RadixSelect.Value />
          <RadixSelect.Icon>
            <ChevronDownIcon size={16} />
          </RadixSelect.Icon>
        </Trigger>
        <RadixSelect.Portal>
          <Content position="popper" sideOffset={4}>
            <RadixSelect.Viewport>
              {options.map((option) => (
                <Item key={option.value} value={option.value}>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                </Item>
              ))}
            </RadixSelect.Viewport>
          </Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </div>
  );
}
