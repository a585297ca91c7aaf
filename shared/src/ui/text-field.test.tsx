import { screen } from '@testing-library/react';
import { renderWithProviders } from '@blogstream/shared/testing';
import { TextField } from '@blogstream/shared/ui';

describe('TextField', () => {
  it('labels its input and announces its error with it', () => {
    renderWithProviders(<TextField label="Email" error="E-mail is required" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('E-mail is required');
  });
});
