import type { TAdminTag } from '@dance/domain';
import { TagBadge } from '@dance/ui';
import { ActionIcon, ColorInput, Group, Select, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** Swatches of the brand and the demo tags, so most picks are one click. */
export const TAG_SWATCHES = [
  '#868e96',
  '#7048e8',
  '#e64980',
  '#f76707',
  '#1c7ed6',
  '#2f9e44',
  '#f59f00',
  '#ae3ec9',
  '#0c8599',
  '#e03131',
  '#4263eb',
  '#fab005',
];

interface TagRowProps {
  tag: TAdminTag;
  priorities: string[];
  isBusy: boolean;
  onPriority: (tag: TAdminTag, priority: number) => void;
  onColor: (tag: TAdminTag, color: string) => void;
  onDelete: (tag: TAdminTag) => void;
  /** Whether the row holds a typed colour that is not saved (the page guards leaving). */
  onEdited?: (id: string, isEdited: boolean) => void;
}

export function TagRow({ tag, priorities, isBusy, onPriority, onColor, onDelete, onEdited }: TagRowProps) {
  const [color, setColor] = useState(tag.color);
  useEffect(() => setColor(tag.color), [tag.color]);
  // The colour last sent to be saved counts as saved (its refetch is on the way).
  const [sent, setSent] = useState<string | null>(null);
  const save = (next: string) => {
    setSent(next.toLowerCase());
    onColor(tag, next);
  };
  const isEdited = color.toLowerCase() !== tag.color.toLowerCase() && color.toLowerCase() !== sent;
  useEffect(() => {
    onEdited?.(tag.id, isEdited);
    return () => onEdited?.(tag.id, false);
  }, [onEdited, tag.id, isEdited]);

  return (
    <Table.Tr>
      <Table.Td w={110}>
        <Select
          aria-label={`Priority of ${tag.name}`}
          data={priorities}
          value={String(tag.priority)}
          allowDeselect={false}
          disabled={isBusy}
          size="sm"
          w={84}
          comboboxProps={{ withinPortal: true }}
          onChange={(value) => {
            if (value && Number(value) !== tag.priority) onPriority(tag, Number(value));
          }}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <TagBadge name={tag.name} color={color} size="lg" />
        </Group>
      </Table.Td>
      <Table.Td w={210}>
        <ColorInput
          aria-label={`Colour of ${tag.name}`}
          value={color}
          onChange={setColor}
          onChangeEnd={(next) => {
            if (next.toLowerCase() !== tag.color) save(next);
          }}
          onBlur={() => {
            if (/^#[0-9a-f]{6}$/i.test(color) && color.toLowerCase() !== tag.color) save(color);
          }}
          swatches={TAG_SWATCHES}
          swatchesPerRow={6}
          format="hex"
          size="sm"
          w={180}
        />
      </Table.Td>
      <Table.Td w={90}>
        <Text c="dimmed" size="sm">
          {tag.videoCount}
        </Text>
      </Table.Td>
      <Table.Td w={60} ta="right">
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${tag.name}`}
            onClick={() => onDelete(tag)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}
