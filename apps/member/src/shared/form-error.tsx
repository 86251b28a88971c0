import { Alert } from '@mantine/core';
import IconAlertCircle from '@tabler/icons-react/dist/esm/icons/IconAlertCircle.mjs';
import type { ReactNode } from 'react';

/** The server's message under a form's button (spec 1 §8), announced to screen readers. */
export function FormError({ message }: { message: ReactNode }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
      {message}
    </Alert>
  );
}
