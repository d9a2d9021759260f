import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { FormActions } from './form-actions';
import { FormCard } from './form-card';

/** A form card whose sending takes until `finish` is called. */
function SlowForm({ onCancel }: { onCancel?: () => void }) {
  const [submitting, setSubmitting] = useState(false);
  return (
    <FormCard aria-label="Profile" onSubmit={(event) => {
      event.preventDefault();
      setSubmitting(true);
    }}>
      <input aria-label="Education" required />
      <FormActions submitLabel="Save" submitIcon={<SaveOutlinedIcon />} submitting={submitting} onCancel={onCancel} cancelLabel="Cancel" />
    </FormCard>
  );
}

describe('FormCard and FormActions', () => {
  it('are a named form whose submit button sends it even with an empty required field (the fields say what is wrong)', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithProviders(
      <FormCard aria-label="Add Review" onSubmit={onSubmit}>
        <input aria-label="Review" required />
        <FormActions submitLabel="Add Review" submitIcon={<SaveOutlinedIcon />} submitting={false} />
      </FormCard>,
    );
    const form = screen.getByRole('form', { name: 'Add Review' });
    expect(form).toHaveAttribute('novalidate');
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('while submitting, the submit button shows it and is off, and so is Cancel', async () => {
    const onCancel = vi.fn();
    renderWithProviders(<SlowForm onCancel={onCancel} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);

    await userEvent.click(save);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: /Save/ })).toBeDisabled());
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('Cancel is a plain button: it does not send the form', async () => {
    const onCancel = vi.fn();
    renderWithProviders(<SlowForm onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
