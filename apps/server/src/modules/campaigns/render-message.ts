import type { CampaignContent, VariableBinding } from '@ws/contract';
import { mediaHeaderFormat } from '@ws/contract';

/** What a template variable may draw on: the recipient contact. */
export interface RecipientFields {
  name: string;
  waId: string;
}

export interface CampaignTemplate {
  name: string;
  language: string;
  components: readonly { type: string; format?: string; text?: string; buttons?: { type: string; url?: string }[] }[];
}

/** One recipient's message, as `MessageIntent` takes it. */
export interface RenderedMessage {
  type: 'template' | 'text';
  content: Record<string, unknown>;
  preview: string;
}

function bindingValue(binding: VariableBinding, contact: RecipientFields): string {
  if (binding.source === 'constant') return binding.value;
  const name = contact.name.trim();
  const value =
    binding.field === 'phone'
      ? `+${contact.waId}`
      : binding.field === 'first_name'
        ? (name.split(/\s+/)[0] ?? '')
        : name;
  // Meta refuses an empty parameter: a contact without a name gets the fallback, else a dash.
  return value || binding.fallback || '-';
}

/**
 * A group invite (pull-group tasks, decision 0021): the body variable that takes Meta's `group_id`
 * parameter, the group's id, and its invite link (how the preview shows it).
 */
export interface GroupInvite {
  variable: string;
  groupId: string;
  link: string;
}

type Parameter = ({ type: 'text'; text: string } | { type: 'group_id'; group_id: string }) & {
  parameter_name?: string;
};

/** The parameters of one part (`body`, `header`, `button.0`) in the template's order: {{1}}, {{2}}… or named. */
function parametersOf(
  part: string,
  variables: Record<string, VariableBinding>,
  contact: RecipientFields,
  invite: GroupInvite | undefined,
): Parameter[] {
  const keys = invite ? [...Object.keys(variables), invite.variable] : Object.keys(variables);
  const entries = keys
    .filter((key) => key.slice(0, key.lastIndexOf('.')) === part)
    .map((key) => ({ key, name: key.slice(key.lastIndexOf('.') + 1) }));
  const positional = entries.every((entry) => /^\d+$/.test(entry.name));
  if (positional) entries.sort((a, b) => Number(a.name) - Number(b.name));
  return entries.map(({ key, name }) => ({
    ...(key === invite?.variable
      ? { type: 'group_id' as const, group_id: invite.groupId }
      : { type: 'text' as const, text: bindingValue(variables[key] as VariableBinding, contact) }),
    ...(positional ? {} : { parameter_name: name }),
  }));
}

/**
 * A campaign's content for one recipient: Meta's `template` object with the variables filled
 * from the contact (or constants) and the media header's file, or the free-form text. With a
 * group invite, its body variable carries the group (`group_id`) and the preview shows the link.
 */
export function renderMessage(
  content: CampaignContent,
  template: CampaignTemplate | null,
  contact: RecipientFields,
  invite?: GroupInvite,
): RenderedMessage {
  if (content.kind === 'text')
    return { type: 'text', content: { text: { body: content.text } }, preview: content.text };
  if (!template) throw new Error('renderMessage: a template campaign without its template');
  const components: Record<string, unknown>[] = [];
  const media = mediaHeaderFormat(template.components);
  if (media && content.headerMedia) {
    const kind = media.toLowerCase();
    const file = content.headerMedia.id ? { id: content.headerMedia.id } : { link: content.headerMedia.link };
    components.push({ type: 'header', parameters: [{ type: kind, [kind]: file }] });
  } else {
    const header = parametersOf('header', content.variables, contact, invite);
    if (header.length > 0) components.push({ type: 'header', parameters: header });
  }
  const body = parametersOf('body', content.variables, contact, invite);
  if (body.length > 0) components.push({ type: 'body', parameters: body });
  const buttonIndexes = new Set(
    Object.keys(content.variables)
      .filter((key) => key.startsWith('button.'))
      .map((key) => key.split('.')[1] as string),
  );
  for (const index of [...buttonIndexes].sort((a, b) => Number(a) - Number(b))) {
    components.push({
      type: 'button',
      sub_type: 'url',
      index,
      parameters: parametersOf(`button.${index}`, content.variables, contact, invite),
    });
  }
  const bodyText = template.components.find((component) => component.type.toUpperCase() === 'BODY')?.text ?? '';
  const filled = bodyText.replace(/\{\{\s*([a-z0-9_]+)\s*\}\}/g, (whole, name: string) => {
    if (invite?.variable === `body.${name}`) return invite.link;
    const binding = content.variables[`body.${name}`];
    return binding ? bindingValue(binding, contact) : whole;
  });
  return {
    type: 'template',
    content: { template: { name: template.name, language: { code: template.language }, components } },
    preview: filled.slice(0, 200),
  };
}
