import { Alert, Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { mutedText } from './muted-text';

interface ListCardProps {
  /** The listed things, plural ("users"): names the loading state for screen readers. */
  noun: string;
  /** Shown instead of the list when loading failed; null otherwise. */
  failure: ReactNode | null;
  isLoading: boolean;
  isEmpty: boolean;
  emptyIcon: ReactNode;
  /** The empty state's text; the spec's "No items found." unless a screen has its own ("No reactions found."). */
  emptyText?: string;
  skeletonRows: number;
  skeletonHeight: number;
  /** The list itself, rendered only once it has items. */
  children: () => ReactNode;
}

/** The card that holds an admin list, in its four states: failed, loading, empty ("No items found.") or listed. */
export function ListCard({
  noun,
  failure,
  isLoading,
  isEmpty,
  emptyIcon,
  emptyText = 'No items found.',
  skeletonRows,
  skeletonHeight,
  children,
}: ListCardProps) {
  return (
    <Card withBorder radius="lg" p={0} shadow="xs">
      {failure ??
        (isLoading ? (
          <Stack p="md" gap="sm" role="status" aria-label={`Loading ${noun}`}>
            {Array.from({ length: skeletonRows }, (_, i) => (
              <Skeleton key={i} h={skeletonHeight} />
            ))}
          </Stack>
        ) : isEmpty ? (
          <Stack align="center" p="xl" className={mutedText} gap={6}>
            {emptyIcon}
            <Text>{emptyText}</Text>
          </Stack>
        ) : (
          children()
        ))}
    </Card>
  );
}

/** The usual failure of a list: "The {noun} could not be loaded" and the server's message. */
export function ListLoadFailed({ noun, message }: { noun: string; message: string }) {
  return (
    <Alert m="md" color="red" icon={<IconAlertTriangle />} title={`The ${noun} could not be loaded`}>
      {message}
    </Alert>
  );
}
