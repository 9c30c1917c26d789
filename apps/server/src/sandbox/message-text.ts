import type { TemplateMessage } from '../whatsapp/meta/send-message.js';
import type { Sandbox } from './sandbox.js';
import { inviteLinkOf } from './webhook-events.js';

type Parameter = { type: string; parameter_name?: string } & Record<string, unknown>;

/** What one body parameter shows as: its text; a group invite as the group's invite link; else its fallback or type. */
function shownAs(sandbox: Sandbox, parameter: Parameter): string {
  if (parameter.type === 'text') return String(parameter.text);
  if (parameter.type === 'group_id') {
    const group = sandbox.store.groups.get(String(parameter.group_id));
    return group ? inviteLinkOf(group) : `[group ${String(parameter.group_id)}]`;
  }
  const value = parameter[parameter.type] as { fallback_value?: string } | undefined;
  return value?.fallback_value ?? `[${parameter.type}]`;
}

/**
 * What a template send reads as to its recipient: the template's body with the send's body
 * parameters filled in ({{1}}… in order, or by name), a group invite (`group_id`) shown as the
 * group's invite link, as WhatsApp shows it. Undefined when the template is gone.
 */
export function templateText(
  sandbox: Sandbox,
  templateId: string,
  send: TemplateMessage['template'],
): string | undefined {
  const template = sandbox.store.templates.get(templateId);
  const body = template?.components.find((component) => component.type.toUpperCase() === 'BODY')?.text;
  if (body === undefined) return undefined;
  const parameters = (send.components ?? []).flatMap((component) =>
    component.type === 'body' ? (component.parameters as Parameter[]) : [],
  );
  const named = new Map(parameters.map((parameter) => [parameter.parameter_name, parameter]));
  return body.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, name: string) => {
    const parameter = /^\d+$/.test(name) ? parameters[Number(name) - 1] : named.get(name);
    return parameter ? shownAs(sandbox, parameter) : whole;
  });
}
