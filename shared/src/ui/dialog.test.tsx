import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@blogstream/shared/testing';
import { Dialog } from '@blogstream/shared/ui';

function Harness({ dismissible }: { dismissible: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Welcome"
      maxWidth={600}
      dismissible={dismissible}
    >
      <button type="button">Inside</button>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('is a labelled modal that closes with its close button and with Escape', async () => {
    renderWithProviders(<Harness dismissible />);
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cannot be dismissed when told so: no close button, Escape ignored', async () => {
    renderWithProviders(<Harness dismissible={false} />);
    expect(screen.queryByRole('button', { name: 'Close dialog' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
  });
});
