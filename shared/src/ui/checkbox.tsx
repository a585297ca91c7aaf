import { useId } from 'react';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import styled from 'styled-components';
import { CheckIcon } from './icons.js';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 6px 0;
`;

const Box = styled(RadixCheckbox.Root)`
  width: 20px;
  height: 20px;
  flex: none;
  border-radius: 3px;
  border: 2px solid ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.background};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  cursor: pointer;
  &[data-state='checked'] {
    background: ${({ theme }) => theme.colors.accent};
    border-color: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.onAccent};
  }
`;

export interface CheckboxProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

export function Checkbox({ label, checked, onCheckedChange, disabled }: CheckboxProps) {
  const id = useId();
  return (
    <Row>
      <Box
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(state) => onCheckedChange(state === true)}
      >
        <RadixCheckbox.Indicator>
          <CheckIcon size={14} strokeWidth={3} />
        </RadixCheckbox.Indicator>
      </Box>
      <label htmlFor={id}>{label}</label>
    </Row>
  );
}
