import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { useToast, type Toast } from './toast';

let toast: Toast;
function Grab() {
  // eslint-disable-next-line react-hooks/globals -- the test reaches the hook's value from outside React
  toast = useToast();
  return null;
}

/** Moves the clock; React renders what the timers changed at the end of each step. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Lets the lazy Snackbar chunk arrive and React settle, without moving the clock. */
const flush = () => advance(0);

/** Lets a closing toast finish its exit animation. */
const finishTransitions = async () => {
  await advance(500);
  await advance(500);
};

beforeEach(async () => {
  // Load the viewport's code first: the test is about timing, not about chunk loading.
  await import('./toast-viewport');
  vi.useFakeTimers();
  render(
    <AppProvider>
      <Grab />
    </AppProvider>,
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows nothing (and loads no Snackbar) until the first toast', () => {
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a success message at the top right and closes it after 5000 ms', async () => {
    act(() => toast.success('Successfully made an admin'));
    await flush();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Successfully made an admin');
    expect(alert.closest('.MuiSnackbar-root')).toHaveClass('MuiSnackbar-anchorOriginTopRight');

    await advance(4990);
    expect(screen.getByRole('alert')).toBeInTheDocument();

    await advance(10);
    await finishTransitions();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows errors as errors, and one toast after another', async () => {
    act(() => {
      toast.error('Failed to Make an admin');
      toast.success('Second');
    });
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to Make an admin');
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorError');

    // The newer message makes the first one give way, then shows for its full time.
    await finishTransitions();
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Second');
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorSuccess');
    await advance(4900);
    expect(screen.getByRole('alert')).toHaveTextContent('Second');
    await advance(100);
    await finishTransitions();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes at once from its close button', async () => {
    act(() => toast.info('Hello'));
    await flush();
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    await finishTransitions();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
