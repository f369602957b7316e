import { useEffect, useRef, useState } from 'react';
import { Input } from '@chakra-ui/react';

/** docs/product-rules.md §Limits: search waits 1000 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 1000;

interface SearchInputProps {
  onSearch: (value: string) => void;
  placeholder?: string;
  initialValue?: string;
  delayMs?: number;
}

export function SearchInput({ onSearch, placeholder = 'Search', initialValue = '', delayMs = SEARCH_DEBOUNCE_MS }: SearchInputProps) {
  const [value, setValue] = useState(initialValue);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => latest.current(value.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);

  return (
    <Input
      type="search"
      aria-label={placeholder}
      placeholder={placeholder}
      value={value}
      maxLength={100}
      onChange={(e) => setValue(e.target.value)}
      bg="bg"
      maxW={{ base: 'full', md: 'xs' }}
    />
  );
}
