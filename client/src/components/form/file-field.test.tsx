import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IMAGE_ACCEPT } from '@/lib/upload-image';
import { renderWithProviders } from '@/testing/test-utils';
import { FileFieldFrame, FilePickerButton } from './file-field';

function Field({ message, onChange = vi.fn(), disabled }: { message?: string; onChange?: (files: File[]) => void; disabled?: boolean }) {
  return (
    <FileFieldFrame label="Photo" labelId="photo-label" inputId="photo-input" helpId="photo-help" required message={message} help="Up to 5 MB." border="divider">
      <FilePickerButton
        icon={<CloudUploadOutlinedIcon />}
        id="photo-input"
        aria-labelledby="photo-label"
        aria-describedby="photo-help"
        aria-invalid={Boolean(message)}
        disabled={disabled}
        onChange={(event) => onChange(Array.from(event.target.files ?? []))}
      >
        Choose image
      </FilePickerButton>
    </FileFieldFrame>
  );
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'press.png', { type: 'image/png' });

describe('FileFieldFrame and FilePickerButton', () => {
  it('the file input is named by the label, described by the help, takes images, and hands on the chosen file', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Field onChange={onChange} />);
    const input = screen.getByLabelText(/^Photo/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', IMAGE_ACCEPT);
    expect(input).toHaveAccessibleDescription('Up to 5 MB.');
    expect(screen.getByText('Choose image')).toBeInTheDocument();
    await userEvent.upload(input, png());
    expect(onChange).toHaveBeenCalledWith([expect.objectContaining({ name: 'press.png' })]);
  });

  it('keeps the keyboard on the input, not on the label around it', async () => {
    renderWithProviders(<Field />);
    await userEvent.tab();
    expect(screen.getByLabelText(/^Photo/)).toHaveFocus();
  });

  it('an error takes the help’s place and marks the input invalid', () => {
    renderWithProviders(<Field message="The image is larger than 5 MB." />);
    const input = screen.getByLabelText(/^Photo/);
    expect(input).toHaveAccessibleDescription('The image is larger than 5 MB.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Up to 5 MB.')).not.toBeInTheDocument();
  });

  it('disabled, the input takes no file', () => {
    renderWithProviders(<Field disabled />);
    expect(screen.getByLabelText(/^Photo/)).toBeDisabled();
  });
});
