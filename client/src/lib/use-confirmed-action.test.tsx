import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import type { DeleteResult } from '@/types/api';
import { useConfirmedAction, type ConfirmedActionOptions } from './use-confirmed-action';

function Parts({ options }: { options: ConfirmedActionOptions<string, DeleteResult> }) {
  const remove = useConfirmedAction(
    useMutation({ mutationFn: (id: string) => server.remove(id) }),
    options,
  );
  return (
    <>
      <button type="button" onClick={() => remove.run('p1')} aria-busy={remove.isRunning('p1')}>
        Delete part 1
      </button>
      <button type="button" onClick={() => remove.run('p2', 'Part 2 is on an order. Delete it anyway?')}>
        Delete part 2
      </button>
    </>
  );
}

const options = { confirm: 'Delete this part?', done: 'The part was deleted.', gone: 'This part was already deleted.' };

/** The mutation's far end: the ids it was asked to delete, and its answer. */
const server = { remove: vi.fn<(id: string) => Promise<DeleteResult>>() };

function api(answer: () => Promise<DeleteResult>) {
  server.remove.mockReset().mockImplementation(answer);
  return server.remove;
}

const deleted = (remove: typeof server.remove) => remove.mock.calls.map(([id]) => id);
const answer = (deletedCount: number) => () => Promise.resolve({ acknowledged: true, deletedCount });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useConfirmedAction', () => {
  it('asks first, then runs the mutation and says it is done', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const remove = api(answer(1));
    renderWithProviders(<Parts options={options} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete part 1' }));
    expect(confirm).toHaveBeenCalledWith('Delete this part?');
    expect(await screen.findByText('The part was deleted.')).toBeInTheDocument();
    expect(deleted(remove)).toEqual(['p1']);
  });

  it('does nothing when the question is turned down', async () => {
    vi.stubGlobal('confirm', vi.fn(() => false));
    const remove = api(answer(1));
    renderWithProviders(<Parts options={options} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete part 1' }));
    expect(deleted(remove)).toEqual([]);
  });

  it('says the item was already gone when the answer deleted nothing (deletedCount 0)', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    api(answer(0));
    renderWithProviders(<Parts options={options} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete part 1' }));
    expect(await screen.findByText('This part was already deleted.')).toBeInTheDocument();
    expect(screen.queryByText('The part was deleted.')).not.toBeInTheDocument();
  });

  it('a question given to run is asked instead; no question at all runs at once', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const remove = api(answer(1));
    const { unmount } = renderWithProviders(<Parts options={options} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete part 2' }));
    expect(confirm).toHaveBeenCalledWith('Part 2 is on an order. Delete it anyway?');
    unmount();

    confirm.mockClear();
    renderWithProviders(<Parts options={{ done: 'Done.' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete part 1' }));
    expect(await screen.findByText('Done.')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    expect(deleted(remove)).toEqual(['p2', 'p1']);
  });

  it('a failure says the failure text (with the server’s reason, see withReason), or else the error’s own message', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    api(() => Promise.reject(new Error('The part is on a paid order.')));
    const { unmount } = renderWithProviders(<Parts options={{ ...options, failed: 'Failed to delete the part' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete part 1' }));
    expect(await screen.findByText('Failed to delete the part')).toBeInTheDocument();
    unmount();

    renderWithProviders(<Parts options={options} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete part 1' }));
    expect(await screen.findByText('The part is on a paid order.')).toBeInTheDocument();
  });

  it('says it is done though its button was unmounted before the answer (the row left its list)', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    let answerNow = () => {};
    const remove = api(() => new Promise((resolve) => (answerNow = () => resolve({ acknowledged: true, deletedCount: 1 }))));
    function List() {
      const [shown, setShown] = useState(true);
      return shown ? (
        <>
          <Parts options={options} />
          <button type="button" onClick={() => setShown(false)}>
            Refresh the list
          </button>
        </>
      ) : null;
    }
    renderWithProviders(<List />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete part 1' }));
    await waitFor(() => expect(deleted(remove)).toEqual(['p1']));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh the list' }));
    expect(screen.queryByRole('button', { name: 'Delete part 1' })).not.toBeInTheDocument();
    answerNow();
    expect(await screen.findByText('The part was deleted.')).toBeInTheDocument();
  });
});
