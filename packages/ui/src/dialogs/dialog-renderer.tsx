import { Box, Button, Group, getDefaultZIndex, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { answerDialog, type DialogRequest } from './dialog-store';

function DialogBody({ dialog }: { dialog: DialogRequest }) {
  if (dialog.kind === 'alert') {
    return (
      <>
        {dialog.message && <Text size="sm">{dialog.message}</Text>}
        <Group justify="flex-end" mt="md">
          <Button onClick={() => answerDialog(dialog.id, false)} data-autofocus>
            {dialog.okLabel}
          </Button>
        </Group>
      </>
    );
  }
  return (
    <>
      <Box mb="md">
        <Text size="sm">{dialog.message}</Text>
      </Box>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => answerDialog(dialog.id, false)}>
          {dialog.cancelLabel}
        </Button>
        {/* red.9 takes white text at 5.5:1; the theme's red (shade 8) took near-black text at 4.1:1 (axe). */}
        <Button color={dialog.isDanger ? 'red.9' : undefined} onClick={() => answerDialog(dialog.id, true)}>
          {dialog.confirmLabel}
        </Button>
      </Group>
    </>
  );
}

/** One Mantine modal showing the first waiting dialog; closing it any other way answers "no". */
export function DialogRenderer({ current }: { current: DialogRequest | undefined }) {
  // Keep the last dialog's content on screen while the modal fades out.
  const [lastShown, setLastShown] = useState(current);
  if (current && current !== lastShown) setLastShown(current);
  const dialog = current ?? lastShown;
  return (
    <Modal
      opened={current !== undefined}
      onClose={() => current && answerDialog(current.id, false)}
      title={dialog?.title}
      centered
      zIndex={getDefaultZIndex('modal') + 1}
    >
      {dialog && <DialogBody dialog={dialog} />}
    </Modal>
  );
}
