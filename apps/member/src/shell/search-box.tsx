import { FIRST_PAGE_MESSAGES, SEARCH_MIN_CHARS } from '@dance/domain';
import { ActionIcon } from '@mantine/core';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import classes from './search-box.module.css';

/**
 * The header search (spec 1 §5): runs only with at least 3 characters, on Enter, Tab or the button,
 * and opens the results page. Fewer characters say so under the field (issue 22 item 7: no silent dead end).
 */
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [text, setText] = useState(searchParams.get('search_query') ?? '');
  const [isTooShort, setIsTooShort] = useState(false);
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // Words typed into a server-rendered page before the app took it over (decision 0071) are in the field but
  // not in the state: take them, so the field keeps them and a held search submits them.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed !== '') setText(typed);
  }, []);

  function runSearch() {
    // The field as the visitor sees it (the state may not have caught up with what was typed before hydration).
    const query = (inputRef.current?.value ?? text).trim();
    if (query.length < SEARCH_MIN_CHARS) {
      setIsTooShort(query.length > 0 || isTooShort);
      return;
    }
    setIsTooShort(false);
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
    <form role="search" onSubmit={handleSubmit} style={{ width: '100%', position: 'relative' }}>
      <div className={classes.field}>
        <input
          ref={inputRef}
          type="search"
          aria-label="Search videos"
          placeholder="Search lessons, exercises, instructors..."
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (event.currentTarget.value.trim().length >= SEARCH_MIN_CHARS) setIsTooShort(false);
          }}
          aria-invalid={isTooShort || undefined}
          aria-describedby={isTooShort ? hintId : undefined}
          onKeyDown={handleKeyDown}
          className={classes.input}
        />
        <div className={classes.section}>
          <ActionIcon type="submit" variant="filled" radius="xl" size={28} aria-label="Search">
            <IconSearch size={16} />
          </ActionIcon>
        </div>
      </div>
      <div className={classes.hint} id={hintId} role="status" data-testid="search-hint">
        {isTooShort ? FIRST_PAGE_MESSAGES.searchTooShort : ''}
      </div>
    </form>
  );
}
