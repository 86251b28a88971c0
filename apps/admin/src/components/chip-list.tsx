import { Group, Pill } from '@mantine/core';

export interface ChipItem {
  id: string;
  label: string;
}

/** Chosen values as removable pills. */
export function ChipList({
  items,
  onRemove,
  label,
}: {
  items: ChipItem[];
  onRemove: (id: string) => void;
  label: string;
}) {
  if (items.length === 0) return null;
  return (
    <Group gap={6} mt={8} aria-label={label} role="list">
      {items.map((item) => (
        <Pill
          key={item.id}
          role="listitem"
          withRemoveButton
          onRemove={() => onRemove(item.id)}
          removeButtonProps={{ 'aria-label': `Remove ${item.label}` }}
          size="md"
        >
          {item.label}
        </Pill>
      ))}
    </Group>
  );
}
