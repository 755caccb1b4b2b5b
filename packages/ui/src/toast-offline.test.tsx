/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useToast } from './context';
import { ToastProvider } from './toast';

// The region's chunk cannot be fetched (the network gone): its import fails, as a chunk load would.
jest.mock('./toast-region', () => {
  throw new Error('Loading chunk toast-region failed');
});

function Raise() {
  const notify = useToast();
  return (
    <button
      type="button"
      onClick={() =>
        notify({
          title: 'Failed to join group',
          description: '503: Try again',
          variant: 'destructive',
        })
      }
    >
      raise
    </button>
  );
}

describe('ToastProvider without its Radix chunk', () => {
  it('still shows the toast, plainly, with the words and a way to dismiss it', async () => {
    render(
      <ToastProvider>
        <Raise />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('raise'));
    const toast = await screen.findByTestId('toast');
    expect(toast.getAttribute('role')).toBe('alert');
    expect(toast.textContent).toContain('Failed to join group');
    expect(toast.textContent).toContain('Try again');
    expect(toast.textContent).not.toContain('503');
    expect(screen.getByRole('region', { name: 'Notification' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    });
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
