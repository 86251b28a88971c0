import { addUnique, CONTENT_MESSAGES } from '@dance/domain';
import { TextInput } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { ChipList } from './chip-list';

/** Keywords: Enter or Tab adds a non-empty value not already there; anything else is "There is a problem". */
export function KeywordsInput({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' && event.key !== 'Tab') return;
    // An empty field lets Tab move on as usual.
    if (event.key === 'Tab' && !text.trim()) return;
    event.preventDefault();
    const { list, isAdded } = addUnique(value, text);
    if (!isAdded) {
      setError(CONTENT_MESSAGES.thereIsAProblem);
      return;
    }
    setError(null);
    setText('');
    onChange(list);
  }

  return (
    <div>
      <TextInput
        label="Keywords"
        description="Type a keyword, then press Enter or Tab"
        placeholder="e.g. pirouette"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={handleKeyDown}
        error={error}
      />
      <ChipList
        label="Keywords"
        items={value.map((k) => ({ id: k, label: k }))}
        onRemove={(k) => onChange(value.filter((v) => v !== k))}
      />
    </div>
  );
}
