import { useEffect, useRef, useState } from 'react';

/**
 * Text typed into a list's search or filter box: shown at once, handed to `onSettle` (trimmed) once the
 * user has stopped typing for `delayMs`, and replaced when `value` (the URL) changes under it.
 */
export function useDebouncedText(value: string, onSettle: (value: string) => void, delayMs = 300) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const settle = useRef(onSettle);
  settle.current = onSettle;

  useEffect(() => {
    // The URL changed under us (back button, clear filters): show what it holds.
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      settle.current(text.trim());
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return [text, setText] as const;
}
