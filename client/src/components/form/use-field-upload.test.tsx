import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formMessages } from '@/config/form-messages';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { useFieldUpload } from './use-field-upload';

const IMAGE_URL = 'http://localhost:5000/images/64b7f0c2a1b2c3d4e5f60799';
const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'press.png', { type: 'image/png' });

/** Uploads `png` on Send and shows the answer, and the image field's error. */
function UploadStep() {
  const { register, setError, formState } = useForm<{ image: File | null }>({ defaultValues: { image: null } });
  const upload = useFieldUpload(setError, 'image');
  const [answer, setAnswer] = useState<string>();
  return (
    <>
      <input aria-label="Image" {...register('image')} />
      <p data-testid="image-error">{formState.errors.image?.message}</p>
      <button type="button" onClick={() => void upload(png).then((url) => setAnswer(String(url)))}>
        Send
      </button>
      {answer && <p data-testid="answer">{answer}</p>}
    </>
  );
}

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'token');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useFieldUpload', () => {
  it('uploads the file and answers its URL', async () => {
    const fake = fakeApi({ 'POST /upload': () => jsonResponse({ success: true, data: { url: IMAGE_URL } }, { status: 201 }) });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<UploadStep />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('answer')).toHaveTextContent(IMAGE_URL);
    expect(screen.getByTestId('image-error')).toBeEmptyDOMElement();
    expect(fake.calls.filter((c) => c.path === '/upload')).toHaveLength(1);
  });

  it('a refusal: the field says the server’s reason and takes the focus, a toast says the upload failed, and the answer is null', async () => {
    const fake = fakeApi({ 'POST /upload': () => problemResponse(413, 'The image is larger than 5 MB.') });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<UploadStep />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('answer')).toHaveTextContent('null');
    expect(screen.getByTestId('image-error')).toHaveTextContent('The image is larger than 5 MB.');
    expect(screen.getByLabelText('Image')).toHaveFocus();
    expect(await screen.findByText(`${formMessages.uploads.failed}: The image is larger than 5 MB.`)).toBeInTheDocument();
  });
});
