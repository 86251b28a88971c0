import { trcSearchError } from '@dance/domain';
import { ActionIcon, TextInput } from '@mantine/core';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { searchPath } from './trc-paths';

/**
 * The TRC search box (spec 2 §5): trimmed, at least 3 characters, letters, digits and spaces only; the
 * spec's message under the box otherwise. It opens /trc/trc-result?search_query=.
 */
export function TrcSearchForm({ onSearch, autoFocus }: { onSearch?: () => void; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('search_query') ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const message = trcSearchError(text);
    setError(message);
    if (message) return;
    navigate(searchPath(text.trim()));
    onSearch?.();
  }

  return (
    <form role="search" aria-label="Search the Teacher Resource Center" onSubmit={submit} noValidate>
      <TextInput
        id={id}
        type="search"
        aria-label="Search lesson plans, videos and resources"
        placeholder="Search lesson plans, videos, resources"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        radius="xl"
        size="sm"
        autoFocus={autoFocus}
        maxLength={100}
        rightSectionWidth={40}
        rightSection={
          <ActionIcon type="submit" variant="filled" radius="xl" size={28} aria-label="Search">
            <IconSearch size={16} />
          </ActionIcon>
        }
      />
    </form>
  );
}
