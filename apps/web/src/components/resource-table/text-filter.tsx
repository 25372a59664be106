import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';

const filterDelayMs = 300;

interface TextFilterProps {
  /** The filter's text as the URL holds it. */
  value: string;
  /** Called 300 ms after the user stops typing, with the trimmed text ('' to remove the filter). */
  onChange: (value: string) => void;
  /** Placeholder and accessible name. */
  label: string;
  width?: number;
  testId?: string;
}

/** A toolbar filter typed as free text, applied as the user types (debounced), like the search box. */
export function TextFilter({ value, onChange, label, width = 180, testId }: TextFilterProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const change = useRef(onChange);
  change.current = onChange;

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
      change.current(text.trim());
    }, filterDelayMs);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <Input
      allowClear
      placeholder={label}
      aria-label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      style={{ width, maxWidth: '100%' }}
      data-testid={testId}
    />
  );
}
