/**
 * The variables of a stored template, as a campaign maps them (`body.1`, `header.1`,
 * `button.<index>.1`, or a named parameter `body.first_name`), and whether its header is media.
 * The campaign form and the server read templates with the same function.
 */

type StoredComponent = {
  type: string;
  format?: string | undefined;
  text?: string | undefined;
  buttons?: readonly { type: string; url?: string | undefined }[] | undefined;
};

const placeholders = (text: string | undefined): string[] =>
  text ? [...new Set([...text.matchAll(/\{\{\s*([a-z0-9_]+)\s*\}\}/g)].map((match) => match[1] as string))] : [];

export function templateVariableKeys(components: readonly StoredComponent[]): string[] {
  const keys: string[] = [];
  for (const component of components) {
    const type = component.type.toUpperCase();
    if (type === 'HEADER' && (component.format ?? 'TEXT').toUpperCase() === 'TEXT') {
      keys.push(...placeholders(component.text).map((name) => `header.${name}`));
    } else if (type === 'BODY') {
      keys.push(...placeholders(component.text).map((name) => `body.${name}`));
    } else if (type === 'BUTTONS') {
      component.buttons?.forEach((button, index) => {
        if (button.type.toUpperCase() === 'URL') {
          keys.push(...placeholders(button.url).map((name) => `button.${index}.${name}`));
        }
      });
    }
  }
  return keys;
}

/**
 * The variables that can carry a group invite (group invites, decision 0021): those of the body,
 * where Meta takes the `group_id` parameter that WhatsApp shows as the group's invite.
 */
export function groupInviteVariables(components: readonly StoredComponent[]): string[] {
  return templateVariableKeys(components).filter((key) => key.startsWith('body.'));
}

/** IMAGE, VIDEO or DOCUMENT when the template's header is media (each send names its file), else null. */
export function mediaHeaderFormat(components: readonly StoredComponent[]): string | null {
  const header = components.find((component) => component.type.toUpperCase() === 'HEADER');
  const format = header?.format?.toUpperCase();
  return format && format !== 'TEXT' ? format : null;
}
