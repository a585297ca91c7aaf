import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@blogstream/shared/testing';
import { PillChoice } from '@blogstream/shared/ui';

const CHOICES = [
  { value: undefined, label: 'Any kind' },
  { value: 'tutorial', label: 'Tutorials' },
];

describe('PillChoice', () => {
  it('presses the chosen pill only, in a group named by its label', () => {
    renderWithProviders(
      <PillChoice label="Kind of post" choices={CHOICES} selected="tutorial" onSelect={() => {}} />,
    );
    const pills = within(screen.getByRole('group', { name: 'Kind of post' })).getAllByRole(
      'button',
    );
    expect(pills.map((pill) => [pill.textContent, pill.getAttribute('aria-pressed')])).toEqual([
      ['Any kind', 'false'],
      ['Tutorials', 'true'],
    ]);
  });

  it('answers a pill with its value, undefined included', async () => {
    const onSelect = jest.fn();
    renderWithProviders(
      <PillChoice label="Kind of post" choices={CHOICES} selected="tutorial" onSelect={onSelect} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Any kind' }));
    expect(onSelect).toHaveBeenCalledWith(undefined);
  });
});
