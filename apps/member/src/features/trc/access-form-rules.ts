import {
  isValidTrcLink,
  TRC_FORM_ROLES,
  TRC_MESSAGES,
  type TrcRole,
  type TTrcAccessState,
} from '@dance/domain';

export interface AccessFormValues {
  name: string;
  email: string;
  link: string;
  roles: TrcRole[];
  gain: string;
}

/** The simple address pattern of spec 2 §5. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The request form's rules, word for word from spec 2 §5 (first message per field). */
export function validateAccessForm(
  values: AccessFormValues,
): Partial<Record<keyof AccessFormValues, string>> {
  const errors: Partial<Record<keyof AccessFormValues, string>> = {};
  if (!values.name.trim()) errors.name = TRC_MESSAGES.fullNameRequired;
  if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = TRC_MESSAGES.invalidEmail;
  if (!isValidTrcLink(values.link)) errors.link = TRC_MESSAGES.invalidLink;
  if (values.roles.length === 0) errors.roles = TRC_MESSAGES.roleRequired;
  return errors;
}

/**
 * The form's first values: name and email from the session (read-only), and either the application being
 * edited or the roles preselected from the user type (Dance Instructor, Dancer/Parent, studio owner).
 */
export function initialAccessValues(state: TTrcAccessState, isEditing: boolean): AccessFormValues {
  const application = isEditing ? state.application : null;
  return {
    name: state.prefill.name,
    email: state.prefill.email,
    link: application?.link ?? '',
    roles: application ? [...application.roles] : [...state.prefill.roles],
    gain: application?.gain ?? '',
  };
}

/**
 * The role boxes offered: instructor and studio owner, plus "dancer" only when it is already chosen (it comes
 * from the Dancer/Parent mapping alone, spec 2 §3), so a preselected role is always visible and can be cleared.
 */
export function offeredRoles(initial: readonly TrcRole[]): TrcRole[] {
  const roles: TrcRole[] = [...TRC_FORM_ROLES];
  if (initial.includes('dancer')) roles.push('dancer');
  return roles;
}
