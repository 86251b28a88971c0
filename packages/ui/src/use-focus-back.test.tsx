import { Modal } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { UiProvider } from './providers';
import { useFocusBack } from './use-focus-back';

function Dialog({ onClose }: { onClose: () => void }) {
  useFocusBack();
  return (
    <Modal opened onClose={onClose} title="Pick one">
      <button type="button">Inside</button>
    </Modal>
  );
}

function Page() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open
      </button>
      {isOpen && <Dialog onClose={() => setIsOpen(false)} />}
    </>
  );
}

describe('useFocusBack', () => {
  it('gives the focus back to the opener when a dialog mounted open closes', async () => {
    const user = userEvent.setup();
    render(
      <UiProvider env="test">
        <Page />
      </UiProvider>,
    );
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Pick one' });
    await waitFor(() => expect(opener).not.toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
