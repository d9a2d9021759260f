import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { FormDialog } from './form-dialog';

function renderDialog({ busy = false, onClose = vi.fn(), onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault()) } = {}) {
  renderWithProviders(
    <FormDialog
      open
      onClose={onClose}
      onSubmit={onSubmit}
      title="Accept quote Q-7"
      busy={busy}
      cancelLabel="Keep it"
      submitLabel="Confirm"
      submitIcon={<CheckCircleOutlineIcon />}
    >
      <input aria-label="Mobile" required />
    </FormDialog>,
  );
  return { onClose, onSubmit };
}

describe('FormDialog', () => {
  it('is a dialog named by its title, with the fields, Cancel and the submit button', async () => {
    const { onClose, onSubmit } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Accept quote Q-7' });
    expect(within(dialog).getByRole('textbox', { name: 'Mobile' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Escape closes it', async () => {
    const { onClose } = renderDialog();
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('while busy, the submit button shows it, and neither Cancel nor Escape closes it', async () => {
    const { onClose } = renderDialog({ busy: true });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: /Confirm/ })).toBeDisabled();
    expect(within(dialog).getByRole('progressbar')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
