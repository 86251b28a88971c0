import { canRunVideoSearch } from '@dance/domain';
import {
  ActionIcon,
  Button,
  Group,
  Input,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useVideoChoices } from './queries';

export interface PickedVideo {
  id: string;
  title: string;
}

interface VideoPickerProps {
  value: PickedVideo[];
  onChange: (videos: PickedVideo[]) => void;
  error?: string;
}

/** Picks videos from the catalogue: search, Add, and the chosen ones (in playlist order) with Remove. */
export function VideoPicker({ value, onChange, error }: VideoPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const term = canRunVideoSearch(debounced) ? debounced : '';
  const choices = useVideoChoices(term);
  const chosen = new Set(value.map((v) => v.id));

  return (
    <Input.Wrapper label="Videos" withAsterisk error={error}>
      <Stack gap="sm" mt={4}>
        {value.length > 0 ? (
          <Stack
            gap={4}
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Selected videos"
          >
            {value.map((video, index) => (
              <Paper key={video.id} withBorder radius="sm" px="sm" py={6} component="li">
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" truncate>
                    {index + 1}. {video.title}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${video.title}`}
                    onClick={() => onChange(value.filter((v) => v.id !== video.id))}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No videos selected yet.
          </Text>
        )}
        <TextInput
          aria-label="Search videos"
          placeholder="Search videos by title (3 characters or more)"
          leftSection={<IconSearch size={16} />}
          rightSection={choices.isFetching ? <Loader size="xs" /> : null}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Paper withBorder radius="sm">
          <ScrollArea.Autosize mah={260}>
            <Stack
              gap={0}
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Catalogue videos"
            >
              {choices.data?.items.map((video) => {
                const isChosen = chosen.has(video.id);
                return (
                  <Group
                    key={video.id}
                    component="li"
                    justify="space-between"
                    wrap="nowrap"
                    px="sm"
                    py={6}
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                  >
                    <Text size="sm" truncate>
                      {video.title}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconPlus size={12} />}
                      disabled={isChosen}
                      aria-label={`Add ${video.title}`}
                      onClick={() => onChange([...value, { id: video.id, title: video.title }])}
                    >
                      {isChosen ? 'Added' : 'Add'}
                    </Button>
                  </Group>
                );
              })}
              {choices.data?.items.length === 0 && (
                <Text component="li" size="sm" c="dimmed" p="sm">
                  No videos found.
                </Text>
              )}
              {choices.isError && (
                <Text component="li" size="sm" c="red" p="sm">
                  {choices.error.message}
                </Text>
              )}
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
      </Stack>
    </Input.Wrapper>
  );
}
