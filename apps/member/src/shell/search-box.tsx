import { SEARCH_MIN_CHARS } from '@dance/domain';
import { ActionIcon } from '@mantine/core';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import classes from './search-box.module.css';

/**
 * The header search (spec 1 §5): runs only with at least 3 characters, on Enter, Tab or the button,
 * and opens the results page.
 */
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [text, setText] = useState(searchParams.get('search_query') ?? '');

  function runSearch() {
    const query = text.trim();
    if (query.length < SEARCH_MIN_CHARS) return;
    navigate(`/result?search_query=${encodeURIComponent(query)}`);
    onSearch?.();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    runSearch();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Tab searches too, and still moves focus on.
    if (event.key === 'Tab' && !event.shiftKey) runSearch();
  }

  return (
    <form role="search" onSubmit={handleSubmit} style={{ width: '100%' }}>
      <div className={classes.field}>
        <input
          type="search"
          aria-label="Search videos"
          placeholder="Search lessons, exercises, instructors..."
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={handleKeyDown}
          className={classes.input}
        />
        <div className={classes.section}>
          <ActionIcon type="submit" variant="filled" radius="xl" size={28} aria-label="Search">
            <IconSearch size={16} />
          </ActionIcon>
        </div>
      </div>
    </form>
  );
}
