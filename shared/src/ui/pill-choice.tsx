import type { ReactNode } from 'react';
import { Pill, PillRow } from './layout-parts.js';

export interface PillChoiceProps<Value> {
  /** What the pills choose, as assistive technology names the group: "Topics". */
  label: string;
  choices: readonly { value: Value; label: ReactNode }[];
  selected: Value;
  onSelect: (value: Value) => void;
  className?: string;
}

/** A row of pills of which one is chosen (pressed): a topic, a genre, a status. */
export function PillChoice<Value extends string | undefined>({
  label,
  choices,
  selected,
  onSelect,
  className,
}: PillChoiceProps<Value>) {
  return (
    <PillRow role="group" aria-label={label} className={className}>
      {choices.map((choice) => (
        <Pill
          key={choice.value ?? ''}
          type="button"
          aria-pressed={choice.value === selected}
          onClick={() => onSelect(choice.value)}
        >
          {choice.label}
        </Pill>
      ))}
    </PillRow>
  );
}
