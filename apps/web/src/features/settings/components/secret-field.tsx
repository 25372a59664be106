import { Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { SecretStateTag } from './secret-state-tag';

/** What a write-only secret's field says, in the caller's words (a password, a key). */
export interface SecretTexts {
  /** Nothing saved yet: what happens once saved. */
  help: string;
  /** One saved: leaving the field empty keeps it. */
  keepHelp: string;
  /** Removal asked: it goes when the form is saved. */
  removeHelp: string;
  keep: string;
  remove: string;
  /** The placeholder over a saved one. */
  placeholder: string;
}

interface SecretFieldProps {
  name: string | (string | number)[];
  label: ReactNode;
  /** Whether the server holds one (`…Set` of the settings). */
  saved: boolean;
  /** Whether its removal has been asked (the caller keeps that state and sends it on saving). */
  removing: boolean;
  onRemovingChange: (removing: boolean) => void;
  canEdit: boolean;
  texts: SecretTexts;
  rules?: Rule[];
  /** The input's test id; `-state`, `-keep` and `-remove` name its tag and buttons. */
  testId: string;
}

/**
 * A write-only secret of the settings (the mail server's password, a gateway's key): never shown, only
 * whether it is saved; typing replaces it, an empty field keeps it, and "remove" clears it on saving.
 */
export function SecretField({
  name,
  label,
  saved,
  removing,
  onRemovingChange,
  canEdit,
  texts,
  rules,
  testId,
}: SecretFieldProps) {
  const form = Form.useFormInstance();
  const link = { type: 'link', size: 'small', style: { padding: 0, height: 'auto' } } as const;

  const help = removing ? (
    <>
      {texts.removeHelp}{' '}
      <Button {...link} onClick={() => onRemovingChange(false)} data-testid={`${testId}-keep`}>
        {texts.keep}
      </Button>
    </>
  ) : saved ? (
    <>
      {texts.keepHelp}{' '}
      {canEdit && (
        <Button
          {...link}
          danger
          onClick={() => {
            form.setFieldValue(name, '');
            onRemovingChange(true);
          }}
          data-testid={`${testId}-remove`}
        >
          {texts.remove}
        </Button>
      )}
    </>
  ) : (
    texts.help
  );

  return (
    <Form.Item
      name={name}
      label={
        <>
          {label}
          <span style={{ marginInlineStart: 8 }}>
            <SecretStateTag
              state={removing ? 'removing' : saved ? 'set' : 'notSet'}
              testId={`${testId}-state`}
            />
          </span>
        </>
      }
      extra={help}
      rules={rules}
    >
      <Input.Password
        autoComplete="new-password"
        disabled={removing || !canEdit}
        placeholder={saved && !removing ? texts.placeholder : undefined}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/**
 * A secret as the settings body takes it, under its key: absent keeps the saved one, an empty string
 * clears it, a string replaces it.
 */
export function secretEntry<K extends string>(
  key: K,
  typed: string | undefined,
  removing: boolean,
): Partial<Record<K, string>> {
  if (removing) return { [key]: '' } as Record<K, string>;
  return typed ? ({ [key]: typed } as Record<K, string>) : {};
}
