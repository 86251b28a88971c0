import { type PlanButton as PlanButtonModel, TIMERS } from '@dance/domain';
import { Button, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/** The button appears after spec 1 §9's 1.5 s delay; a placeholder keeps the card from jumping. */
export function useDelayedReveal(delayMs: number = TIMERS.planButtonDelayMs): boolean {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setIsShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return isShown;
}

export function PlanButton({
  button,
  isShown,
  isBusy,
  isHighlighted,
  onClick,
  planTitle,
}: {
  button: PlanButtonModel;
  isShown: boolean;
  isBusy: boolean;
  isHighlighted: boolean;
  onClick: () => void;
  planTitle: string;
}) {
  if (!isShown) return <Skeleton height={44} radius="xl" aria-hidden />;
  const isCurrent = button.action === 'none';
  return (
    <Button
      fullWidth
      size="md"
      radius="xl"
      variant={isCurrent ? 'light' : isHighlighted ? 'gradient' : 'filled'}
      color={isCurrent ? 'gray' : undefined}
      gradient={{ from: 'stage.6', to: 'midnight.6', deg: 120 }}
      disabled={isCurrent}
      loading={isBusy}
      onClick={onClick}
      aria-label={`${button.label}: ${planTitle}`}
      data-testid="plan-button"
    >
      {button.label}
    </Button>
  );
}
