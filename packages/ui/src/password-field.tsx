import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';

/**
 * A password input whose show/hide toggle is reachable by keyboard and says what it will do,
 * so screen-reader and keyboard users can check what they typed.
 */
export function PasswordField(props: PasswordInputProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <PasswordInput
      autoComplete="current-password"
      {...props}
      visible={isVisible}
      onVisibilityChange={setIsVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': isVisible ? 'Hide password' : 'Show password' }}
    />
  );
}
