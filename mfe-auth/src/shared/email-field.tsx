import { LOGIN_MESSAGES } from '@portal/shared-contracts/messages/login';
import { TextField, type TextFieldProps } from '@portal/shared-ui/form';
import type { Ref } from 'react';

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'inputMode'> & { ref?: Ref<HTMLInputElement> };

/** The email field of the public account forms: the spec's label and the keyboard for addresses on phones. */
export function EmailField(props: EmailFieldProps) {
  return <TextField label={LOGIN_MESSAGES.fields.email} type="email" inputMode="email" {...props} />;
}
