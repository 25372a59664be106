import { Form, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { FormFooter } from './form-footer';

interface RecordFormProps<V> {
  /** The form's name (antd's field ids start with it) and its test ids: `<name>-form`, `-save`, `-cancel`. */
  name: string;
  form: FormInstance<V>;
  initialValues: FormProps<V>['initialValues'];
  onFinish: (values: V) => unknown;
  /** The form's `useUnsavedChanges`: any change marks it dirty; leaving from the footer marks it clean. */
  unsaved: { markDirty: () => void; markClean: () => void };
  saving: boolean;
  /** Cancel, and leaving from the footer's own actions: back to where the user came from. */
  onDone: () => void;
  /** More actions at the start of the footer (delete); `leave` goes away without the unsaved-changes prompt. */
  footerStart?: (leave: () => void) => ReactNode;
  children: ReactNode;
}

/**
 * A record's create and edit form as every one is laid out: labels above the fields, each checked as the user
 * leaves it, the first error scrolled to and focused, and cancel and save in a sticky footer (with the
 * record's own actions at its start).
 */
export function RecordForm<V>(props: RecordFormProps<V>) {
  const { name, form, initialValues, onFinish, unsaved, saving, onDone, footerStart, children } = props;
  return (
    <Form<V>
      name={name}
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={initialValues}
      onValuesChange={unsaved.markDirty}
      onFinish={onFinish}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      // The contract's rules speak, in the user's language; not the browser's own bubbles (type="url").
      noValidate
      data-testid={`${name}-form`}
    >
      {children}
      <FormFooter
        onCancel={onDone}
        saving={saving}
        saveTestId={`${name}-save`}
        cancelTestId={`${name}-cancel`}
        start={footerStart?.(() => {
          unsaved.markClean();
          onDone();
        })}
      />
    </Form>
  );
}
