import { TIMERS } from '@dance/domain';
import { Checkbox, Loader, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import { useEffect, useState } from 'react';

export interface CheckOption {
  value: string;
  label: string;
  description?: string;
}

export interface LookupProps {
  options: CheckOption[];
  isLoading: boolean;
  /** Called with the search text once typing pauses for 350 ms (spec 1 §9), or `debounceMs`. */
  onQueryChange: (query: string) => void;
  /** The pause before `onQueryChange` (the TRC's filter text waits 500 ms, spec 2 §9). */
  debounceMs?: number;
}

/**
 * A checkbox list with a search box that asks the server (debounced 350 ms). When nothing matches it
 * shows the spec's empty text ("No Instructor Found", "No Products Found").
 */
export function SearchableCheckList({
  label,
  placeholder,
  emptyText,
  selected,
  onChange,
  lookup,
}: {
  label: string;
  placeholder: string;
  emptyText: string;
  selected: string[];
  onChange: (values: string[]) => void;
  lookup: LookupProps;
}) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), lookup.debounceMs ?? TIMERS.searchTagDebounceMs);
  const { onQueryChange } = lookup;

  useEffect(() => {
    onQueryChange(debounced);
  }, [debounced, onQueryChange]);

  return (
    <Stack gap={8}>
      <TextInput
        size="sm"
        radius="md"
        aria-label={`Search ${label.toLowerCase()}`}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={14} />}
        rightSection={lookup.isLoading ? <Loader size={14} /> : null}
      />
      {lookup.options.length === 0 && !lookup.isLoading ? (
        <Text fz="sm" c="dimmed" py={4}>
          {emptyText}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars>
          <Checkbox.Group value={selected} onChange={onChange} aria-label={label}>
            <Stack gap={8} py={2}>
              {lookup.options.map((option) => (
                <Checkbox
                  key={option.value}
                  value={option.value}
                  label={option.label}
                  description={option.description}
                  size="sm"
                />
              ))}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
