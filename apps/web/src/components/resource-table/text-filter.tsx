import { Input } from 'antd';
import { useDebouncedText } from './use-debounced-text';

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
  const [text, setText] = useDebouncedText(value, onChange);

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
