import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alertDialog } from '../alert-dialog';
import { confirm } from '../confirm';
import { UiProvider } from '../providers';

function renderHost() {
  render(
    <UiProvider env="test">
      <p>page</p>
    </UiProvider>,
  );
  return userEvent.setup();
}

describe('confirm', () => {
  it('loads its dialog on demand and resolves true on the confirm button', async () => {
    const user = renderHost();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const answer = confirm({ title: 'Convert account?', message: 'You lose your data.' });
    const dialog = await screen.findByRole('dialog', { name: 'Convert account?' });
    expect(within(dialog).getByText('You lose your data.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('gives the focus back to the button that asked, on Escape (the modal mounts already open)', async () => {
    // The page never idles: the modal's code loads with the first dialog and mounts open.
    vi.stubGlobal('requestIdleCallback', () => 0);
    vi.stubGlobal('cancelIdleCallback', () => {});
    const user = userEvent.setup();
    render(
      <UiProvider env="test">
        <button type="button" onClick={() => void confirm({ title: 'Remove?', message: 'Sure?' })}>
          Remove
        </button>
      </UiProvider>,
    );
    const opener = screen.getByRole('button', { name: 'Remove' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Remove?' });
    await waitFor(() => expect(opener).not.toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
    cleanup();
    vi.unstubAllGlobals();
  });

  it('resolves false on the cancel button, with custom labels', async () => {
    const user = renderHost();
    const answer = confirm({
      title: 'Delete?',
      message: 'Gone for good.',
      confirmLabel: 'Delete',
      cancelLabel: 'Keep',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Delete?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false when closed with Escape, then shows the next dialog', async () => {
    renderHost();
    const first = confirm({ title: 'First?', message: 'one' });
    const second = confirm({ title: 'Second?', message: 'two' });
    const dialog = await screen.findByRole('dialog', { name: 'First?' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await expect(first).resolves.toBe(false);
    expect(await screen.findByRole('dialog', { name: 'Second?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await expect(second).resolves.toBe(true);
  });
});

describe('alertDialog', () => {
  it('shows the message with one OK button and resolves when dismissed', async () => {
    const user = renderHost();
    let isDismissed = false;
    const done = alertDialog({ title: 'Sorry', message: 'Admins cannot convert.' }).then(() => {
      isDismissed = true;
    });
    const dialog = await screen.findByRole('dialog', { name: 'Sorry' });
    expect(within(dialog).getByText('Admins cannot convert.')).toBeInTheDocument();
    expect(isDismissed).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await done;
    expect(isDismissed).toBe(true);
  });
});
