import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Profile, User } from '@/types/api';
import { MyProfile } from './my-profile';

const user: User = { _id: 'u1', email: 'ada@example.com', name: 'Ada Lovelace', role: '', provider: 'password', createdAt: '' };
const PHOTO = 'http://localhost:5000/images/64b7f0c2a1b2c3d4e5f60701';
const NEW_PHOTO = 'http://localhost:5000/images/64b7f0c2a1b2c3d4e5f60702';

const stored: Profile = {
  _id: '64b7f0c2a1b2c3d4e5f60777',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  image: PHOTO,
  address: '12 Analytical Row, London',
  education: 'Mathematics, University of London',
  linkdin: 'https://www.linkedin.com/in/ada',
};

let profiles: Profile[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'ada-token');
  profiles = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /auth/me': () => jsonResponse({ user }),
    'GET /profile': () => jsonResponse(profiles),
    'POST /upload': () => jsonResponse({ success: true, data: { url: NEW_PHOTO } }, { status: 201 }),
    'POST /profile': ({ body }) => {
      const profile = { ...stored, ...(body as Partial<Profile>) };
      const created = profiles.length === 0;
      profiles = [profile];
      return jsonResponse({ acknowledged: true, insertedId: profile._id, matchedCount: created ? 0 : 1, modifiedCount: created ? 0 : 1, profile });
    },
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const photo = () => new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'ada.gif', { type: 'image/gif' });
const field = (label: RegExp) => screen.getByLabelText(label);
const posts = <C extends { method: string }>(calls: C[]) => calls.filter((c) => c.method === 'POST');

describe('MyProfile', () => {
  it('says No user is logged in without a session', () => {
    window.localStorage.clear();
    const fake = api();
    renderWithProviders(<MyProfile />);
    expect(screen.getByText('No user is logged in')).toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });

  it('asks for the own profile only, by email', async () => {
    const fake = api();
    renderWithProviders(<MyProfile />);
    await screen.findByRole('form', { name: 'Add Profile' });
    expect(fake.calls.find((c) => c.path.startsWith('/profile'))).toMatchObject({ path: '/profile?email=ada%40example.com', authorization: 'Bearer ada-token' });
  });

  it('without a profile: the add form with the account’s name and email read-only, and the spec’s messages', async () => {
    const fake = api();
    renderWithProviders(<MyProfile />);
    await screen.findByRole('form', { name: 'Add Profile' });
    expect(field(/^Name/)).toHaveValue('Ada Lovelace');
    expect(field(/^Name/)).toHaveAttribute('readonly');
    expect(field(/^Email/)).toHaveValue('ada@example.com');
    expect(field(/^Email/)).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Add Profile' }));
    expect(field(/^Education/)).toHaveAccessibleDescription('Education is Required');
    expect(field(/^Address/)).toHaveAccessibleDescription('address is Required');
    expect(field(/^Photo/)).toHaveAccessibleDescription('Image is Required');
    expect(field(/^LinkedIn/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(posts(fake.calls)).toEqual([]);
  });

  it('LinkedIn is optional, but must be a valid URL when given', async () => {
    const fake = api();
    renderWithProviders(<MyProfile />);
    await screen.findByRole('form', { name: 'Add Profile' });
    await userEvent.type(field(/^Education/), 'BSc');
    await userEvent.type(field(/^Address/), '1 Road');
    await userEvent.upload(field(/^Photo/), photo());
    await userEvent.type(field(/^LinkedIn/), 'linkedin.com/in/ada');
    await userEvent.click(screen.getByRole('button', { name: 'Add Profile' }));
    expect(field(/^LinkedIn/)).toHaveAccessibleDescription('Provide a valid URL, such as https://www.linkedin.com/in/your-name');
    await userEvent.clear(field(/^LinkedIn/));
    await userEvent.type(field(/^LinkedIn/), 'javascript:alert(1)');
    expect(field(/^LinkedIn/)).toHaveAccessibleDescription('Provide a valid URL, such as https://www.linkedin.com/in/your-name');
    expect(posts(fake.calls)).toEqual([]);

    await userEvent.clear(field(/^LinkedIn/));
    await userEvent.click(screen.getByRole('button', { name: 'Add Profile' }));
    await screen.findByText('Profile added successfully');
    expect(fake.calls.find((c) => c.path === '/profile' && c.method === 'POST')?.body).toEqual({ image: NEW_PHOTO, address: '1 Road', education: 'BSc', linkdin: '' });
  });

  it('adds the profile: uploads the photo, sends it, toasts Profile added successfully and shows the profile', async () => {
    const fake = api();
    renderWithProviders(<MyProfile />);
    await screen.findByRole('form', { name: 'Add Profile' });
    await userEvent.type(field(/^Education/), ' Mathematics ');
    await userEvent.type(field(/^Address/), '12 Analytical Row, London');
    await userEvent.type(field(/^LinkedIn/), 'https://www.linkedin.com/in/ada');
    await userEvent.upload(field(/^Photo/), photo());
    await userEvent.click(screen.getByRole('button', { name: 'Add Profile' }));

    expect(await screen.findByText('Profile added successfully')).toBeInTheDocument();
    expect(posts(fake.calls).map((c) => c.path)).toEqual(['/upload', '/profile']);
    expect(posts(fake.calls)[1]!.body).toEqual({
      image: NEW_PHOTO,
      address: '12 Analytical Row, London',
      education: 'Mathematics',
      linkdin: 'https://www.linkedin.com/in/ada',
    });
    expect(await screen.findByRole('button', { name: 'UPDATE PROFILE' })).toBeInTheDocument();
    expect(screen.getByText('Mathematics')).toBeInTheDocument();
  });

  it('toasts Failed to add the Profile with the server’s reason, and puts its field messages under the fields', async () => {
    api({ 'POST /profile': () => problemResponse(400, 'The profile is not valid.', { linkdin: 'must be a valid URL' }) });
    renderWithProviders(<MyProfile />);
    await screen.findByRole('form', { name: 'Add Profile' });
    await userEvent.type(field(/^Education/), 'BSc');
    await userEvent.type(field(/^Address/), '1 Road');
    await userEvent.upload(field(/^Photo/), photo());
    await userEvent.click(screen.getByRole('button', { name: 'Add Profile' }));
    expect(await screen.findByText('Failed to add the Profile: The profile is not valid.')).toBeInTheDocument();
    expect(field(/^LinkedIn/)).toHaveAccessibleDescription('LinkedIn must be a valid URL');
    expect(screen.getByRole('form', { name: 'Add Profile' })).toBeInTheDocument();
  });

  it('with a profile: shows the photo, name, email, address, education and the LinkedIn link (new tab, noopener)', async () => {
    profiles = [stored];
    api();
    renderWithProviders(<MyProfile />);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' })).toHaveAttribute('src', PHOTO);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('12 Analytical Row, London')).toBeInTheDocument();
    expect(screen.getByText('Mathematics, University of London')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /linkedin\.com\/in\/ada/ });
    expect(link).toHaveAttribute('href', 'https://www.linkedin.com/in/ada');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('UPDATE PROFILE opens the form filled with the current values; Cancel keeps the profile, untouched', async () => {
    profiles = [stored];
    const fake = api();
    renderWithProviders(<MyProfile />);
    await userEvent.click(await screen.findByRole('button', { name: 'UPDATE PROFILE' }));

    const form = within(screen.getByRole('form', { name: 'UPDATE PROFILE' }));
    expect(form.getByLabelText(/^Education/)).toHaveValue('Mathematics, University of London');
    expect(form.getByLabelText(/^Address/)).toHaveValue('12 Analytical Row, London');
    expect(form.getByLabelText(/^LinkedIn/)).toHaveValue('https://www.linkedin.com/in/ada');
    expect(form.getByRole('img', { name: 'The current image' })).toHaveAttribute('src', PHOTO);

    await userEvent.clear(form.getByLabelText(/^Education/));
    await userEvent.type(form.getByLabelText(/^Education/), 'Something else');
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByText('Mathematics, University of London')).toBeInTheDocument();
    expect(screen.queryByText('Something else')).not.toBeInTheDocument();
    expect(posts(fake.calls)).toEqual([]);
    expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('updating keeps the current photo unless another is chosen, and shows the saved values', async () => {
    profiles = [stored];
    const fake = api();
    renderWithProviders(<MyProfile />);
    await userEvent.click(await screen.findByRole('button', { name: 'UPDATE PROFILE' }));
    const form = within(screen.getByRole('form', { name: 'UPDATE PROFILE' }));
    await userEvent.clear(form.getByLabelText(/^Address/));
    await userEvent.type(form.getByLabelText(/^Address/), '1 New Street, Leeds');
    await userEvent.click(form.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(posts(fake.calls).map((c) => c.path)).toEqual(['/profile']);
    expect(posts(fake.calls)[0]!.body).toEqual({
      image: PHOTO,
      address: '1 New Street, Leeds',
      education: 'Mathematics, University of London',
      linkdin: 'https://www.linkedin.com/in/ada',
    });
    expect(await screen.findByText('1 New Street, Leeds')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'UPDATE PROFILE' })).toBeInTheDocument();
  });

  it('updating with a new photo uploads it first', async () => {
    profiles = [stored];
    const fake = api();
    renderWithProviders(<MyProfile />);
    await userEvent.click(await screen.findByRole('button', { name: 'UPDATE PROFILE' }));
    const form = within(screen.getByRole('form', { name: 'UPDATE PROFILE' }));
    await userEvent.upload(form.getByLabelText(/^Photo/), photo());
    await userEvent.click(form.getByRole('button', { name: 'Save Profile' }));
    await screen.findByText('Profile updated successfully');
    expect(posts(fake.calls).map((c) => c.path)).toEqual(['/upload', '/profile']);
    expect(posts(fake.calls)[1]!.body).toMatchObject({ image: NEW_PHOTO });
    expect(await screen.findByRole('img', { name: 'Photo of Ada Lovelace' })).toHaveAttribute('src', NEW_PHOTO);
  });
});
