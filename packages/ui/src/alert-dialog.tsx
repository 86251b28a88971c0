import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export interface AlertDialogOptions {
  title: string;
  message?: string;
  okLabel?: string;
}

/** An alert with one OK button: resolves once the user dismissed it, however they did. */
export function alertDialog({ title, message, okLabel = 'OK' }: AlertDialogOptions) {
  return new Promise<void>((resolve) => {
    const id = modals.open({
      title,
      centered: true,
      onClose: () => resolve(),
      children: (
        <>
          {message && <Text size="sm">{message}</Text>}
          <Group justify="flex-end" mt="md">
            <Button onClick={() => modals.close(id)} data-autofocus>
              {okLabel}
            </Button>
          </Group>
        </>
      ),
    });
  });
}
