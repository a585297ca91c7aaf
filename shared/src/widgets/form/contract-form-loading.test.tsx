// Alone in its file, so the form engine is not loaded yet when the form first renders (each
// test file has its own module registry).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, SignInTestForm } from '@blogstream/shared/testing';

it('shows the form at once and keeps what was typed before validation loaded', async () => {
  const send = jest.fn();
  renderWithProviders(<SignInTestForm send={send} />);
  // No await yet: the engine (react-hook-form, zod, the contract) is still on its way.
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret words' } });
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() =>
    expect(send).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret words' }),
  );
  expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
});
