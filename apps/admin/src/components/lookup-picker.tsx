import { CONTENT_MESSAGES } from '@dance/domain';
import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type KeyboardEvent, useRef, useState } from 'react';
import { type ChipItem, ChipList } from './chip-list';

interface LookupPickerProps {
  label: string;
  placeholder: string;
  value: ChipItem[];
  onChange: (items: ChipItem[]) => void;
  /** Server suggestions for the typed text. */
  useSuggestions: (query: string) => { data: ChipItem[] | undefined; isFetching: boolean };
}

/**
 * Tags and products by autocomplete: a suggestion (or Enter on an exact name) adds it; blank, unknown and
 * duplicate input is ignored with "There is a problem" (spec 3 §5).
 */
export function LookupPicker({ label, placeholder, value, onChange, useSuggestions }: LookupPickerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [query] = useDebouncedValue(text.trim(), 250);
  const { data = [] } = useSuggestions(query);
  const wasPicked = useRef(false);

  function add(item: ChipItem | undefined) {
    if (!item || value.some((v) => v.id === item.id)) {
      setError(CONTENT_MESSAGES.thereIsAProblem);
      return;
    }
    setError(null);
    setText('');
    onChange([...value, item]);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const typed = event.currentTarget.value.trim();
    // A suggestion chosen with Enter is handled by onOptionSubmit first.
    queueMicrotask(() => {
      if (wasPicked.current) {
        wasPicked.current = false;
        return;
      }
      add(typed ? data.find((d) => d.label.toLowerCase() === typed.toLowerCase()) : undefined);
    });
  }

  return (
    <div>
      <Autocomplete
        label={label}
        placeholder={placeholder}
        value={text}
        onChange={(next) => {
          setText(next);
          setError(null);
        }}
        data={[...new Set(data.filter((d) => !value.some((v) => v.id === d.id)).map((d) => d.label))]}
        filter={({ options }) => options}
        onOptionSubmit={(label) => {
          wasPicked.current = true;
          add(data.find((d) => d.label === label));
        }}
        onKeyDown={handleKeyDown}
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
      <ChipList items={value} label={label} onRemove={(id) => onChange(value.filter((v) => v.id !== id))} />
    </div>
  );
}
