import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { ContactForm } from './contact-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(answer: () => Response) {
  const fake = fakeApi({ 'POST /contact': answer });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const email = () => screen.getByLabelText(/^Email Address/);
const subject = () => screen.getByLabelText(/^Subject/);
const message = () => screen.getByLabelText(/^Message/);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));

async function fill(values: { email?: string; subject?: string; message?: string }) {
  if (values.email) await userEvent.type(email(), values.email);
  if (values.subject) await userEvent.type(subject(), values.subject);
  // Long texts are pasted: typing 5000 characters one by one is slow.
  if (values.message) {
    await userEvent.click(message());
    await userEvent.paste(values.message);
  }
}

describe('ContactForm', () => {
  it('has an email, a subject and a 4-row message', () => {
    api(() => jsonResponse({}));
    renderWithProviders(<ContactForm />);
    expect(email()).toHaveAttribute('type', 'email');
    expect(subject()).toBeInTheDocument();
    expect(message().tagName).toBe('TEXTAREA');
    expect(message()).toHaveAttribute('rows', '4');
  });

  it('says what is missing, in the spec’s words, and sends nothing', async () => {
    const fake = api(() => jsonResponse({}));
    renderWithProviders(<ContactForm />);
    await submit();
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(screen.getByText('Subject is Required')).toBeInTheDocument();
    expect(screen.getByText('Message is Required')).toBeInTheDocument();
    await userEvent.type(email(), 'not-an-email');
    await submit();
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });

  it('holds the subject to 150 and the message to 5000 characters', async () => {
    const fake = api(() => jsonResponse({}));
    renderWithProviders(<ContactForm />);
    await fill({ email: 'ada@example.com', subject: 'x'.repeat(151), message: 'y'.repeat(5001) });
    await submit();
    expect(await screen.findByText('Subject must be at most 150 characters')).toBeInTheDocument();
    expect(screen.getByText('Message must be at most 5000 characters')).toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });

  it('sends the message, says so (here and in a toast) and empties the form', async () => {
    const fake = api(() => jsonResponse({ acknowledged: true, insertedId: '65f0c0ffee0000000000abcd' }, { status: 201 }));
    renderWithProviders(<ContactForm />);
    await fill({ email: ' ada@example.com ', subject: 'A quote for 3 generators', message: 'Hello,\nwhat would 3 of them cost?' });
    await submit();
    expect(await screen.findByText('Thank you! Your message has been sent. We will reply by email.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Thank you!');
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(fake.calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/contact',
        body: { email: 'ada@example.com', subject: 'A quote for 3 generators', message: 'Hello,\nwhat would 3 of them cost?' },
      }),
    ]);
    expect(email()).toHaveValue('');
    expect(subject()).toHaveValue('');
    expect(message()).toHaveValue('');
  });

  it('shows the server’s message per field (400)', async () => {
    api(() => problemResponse(400, 'The message is not valid.', { email: 'Provide a valid Email', subject: 'must be at most 150 characters' }));
    renderWithProviders(<ContactForm />);
    await fill({ email: 'ada@example.com', subject: 'Hi', message: 'Hello' });
    await submit();
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    expect(screen.getByText('Subject must be at most 150 characters')).toBeInTheDocument();
    expect(screen.queryByText('The message is not valid.')).not.toBeInTheDocument();
    expect(email()).toHaveValue('ada@example.com');
  });

  it('when rate limited (429), says how long to wait and keeps what was typed', async () => {
    api(() => problemResponse(429, 'Too many attempts. Please try again in 42 seconds.'));
    renderWithProviders(<ContactForm />);
    await fill({ email: 'ada@example.com', subject: 'Hi', message: 'Hello' });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 42 seconds.');
    expect(screen.queryByText(/Your message has been sent/)).not.toBeInTheDocument();
    expect(message()).toHaveValue('Hello');
  });
});
