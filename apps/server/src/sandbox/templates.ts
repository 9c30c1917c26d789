import { z } from 'zod';
import type { TemplateMessage } from '../whatsapp/meta/send-message.js';
import { graphErrors } from './graph-errors.js';
import { Prng, streamSeed } from './prng.js';
import type { Sandbox } from './sandbox.js';
import type { SandboxTemplate, TemplateCategory, TemplateComponent, TemplateStatus } from './state.js';
import { templateStatusValue } from './webhook-events.js';

const componentType = z
  .string()
  .transform((type) => type.toUpperCase())
  .pipe(z.enum(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']));

/** A template as `POST /{waba-id}/message_templates` takes it. */
export const NewTemplateSchema = z.looseObject({
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, 'must be 1 to 512 lowercase letters, digits or underscores'),
  language: z.string().regex(/^[a-z]{2,3}(_[A-Za-z]{2,4})?$/, 'must be a language code such as en_US'),
  category: z
    .string()
    .transform((category) => category.toUpperCase())
    .pipe(z.enum(['MARKETING', 'UTILITY', 'AUTHENTICATION'])),
  parameter_format: z.enum(['POSITIONAL', 'NAMED']).optional(),
  components: z
    .array(
      z.looseObject({
        type: componentType,
        format: z.string().optional(),
        text: z.string().max(1024).optional(),
        buttons: z
          .array(z.looseObject({ type: z.string(), text: z.string().optional(), url: z.string().optional() }))
          .max(10)
          .optional(),
      }),
    )
    .min(1)
    .refine((components) => components.some((component) => component.type === 'BODY' && component.text), {
      message: 'a BODY component with text is required',
    }),
});
export type NewTemplate = z.infer<typeof NewTemplateSchema>;

const placeholderCounts = new Map<string, number>();

/** The distinct `{{1}}` / `{{name}}` placeholders of a text (remembered: every send asks again). */
export function placeholders(text: string | undefined): number {
  if (!text) return 0;
  let count = placeholderCounts.get(text);
  if (count === undefined) {
    count = new Set([...text.matchAll(/\{\{\s*([^{}\s]+)\s*\}\}/g)].map((match) => match[1])).size;
    if (placeholderCounts.size > 10_000) placeholderCounts.clear();
    placeholderCounts.set(text, count);
  }
  return count;
}

export function createTemplate(
  sandbox: Sandbox,
  wabaId: string,
  input: NewTemplate,
  status: TemplateStatus = 'PENDING',
): SandboxTemplate {
  const { store } = sandbox;
  if (store.findTemplate(wabaId, input.name, input.language)) {
    throw graphErrors.invalidParameter(
      `name: a template named ${input.name} already exists in ${input.language}`,
      2388024,
    );
  }
  const template: SandboxTemplate = {
    id: store.numericId(),
    wabaId,
    name: input.name,
    language: input.language,
    category: input.category as TemplateCategory,
    status,
    parameterFormat: input.parameter_format ?? 'POSITIONAL',
    components: input.components as TemplateComponent[],
    rejectedReason: 'NONE',
    createdAt: sandbox.now(),
  };
  store.addTemplate(template);
  if (status === 'PENDING') scheduleReview(sandbox, template);
  return template;
}

/** Review decides after the configured delay; the outcome is drawn from the template's own stream. */
function scheduleReview(sandbox: Sandbox, template: SandboxTemplate): void {
  const rejected = new Prng(streamSeed(sandbox.store.seed, `template:${template.name}:${template.language}`)).chance(
    sandbox.settings.templates.rejectRate,
  );
  sandbox.scheduler.schedule(sandbox.settings.delays.templateApprovalMs, () => {
    if (sandbox.store.templates.get(template.id) !== template || template.status !== 'PENDING') return;
    setTemplateStatus(sandbox, template, rejected ? 'REJECTED' : 'APPROVED', rejected ? 'INVALID_FORMAT' : 'NONE');
  });
}

/**
 * Changes a template's status and tells the app with Meta's `message_template_status_update`:
 * a review's decision, or a pause or disabling (the control API's `POST /templates/{id}`).
 */
export function setTemplateStatus(
  sandbox: Sandbox,
  template: SandboxTemplate,
  status: TemplateStatus,
  reason = 'NONE',
): void {
  template.status = status;
  template.rejectedReason = status === 'REJECTED' ? reason : 'NONE';
  sandbox.store.changed();
  sandbox.emitChange(template.wabaId, {
    field: 'message_template_status_update',
    value: templateStatusValue(template, status, reason),
  });
}

/** What `POST /{template-id}` (Meta's edit call) takes: a new category or new components. */
export const TemplateEditSchema = z.looseObject({
  category: NewTemplateSchema.shape.category.optional(),
  components: NewTemplateSchema.shape.components.optional(),
});
export type TemplateEdit = z.infer<typeof TemplateEditSchema>;

/** Statuses Meta lets a template be edited in; an edit sends it back to review. */
const EDITABLE: readonly TemplateStatus[] = ['APPROVED', 'REJECTED', 'PAUSED'];

const DAY_MS = 86_400_000;

/**
 * Meta's limits on editing an APPROVED template: its category stays, and at most one edit in 24
 * hours and ten in 30 days (on the sandbox's clock). Rejected and paused templates have none.
 */
function checkApprovedEdit(sandbox: Sandbox, template: SandboxTemplate, edit: TemplateEdit): void {
  if (edit.category && edit.category !== template.category) {
    throw graphErrors.invalidParameter('category: the category of an APPROVED template cannot be edited');
  }
  const now = sandbox.now();
  const recent = (template.approvedEdits ?? []).filter((at) => now - at < 30 * DAY_MS);
  if (recent.some((at) => now - at < DAY_MS) || recent.length >= 10) {
    throw graphErrors.invalidParameter(
      'components: an APPROVED template can be edited once in 24 hours and 10 times in 30 days',
    );
  }
  template.approvedEdits = [...recent, now];
}

export function editTemplate(sandbox: Sandbox, template: SandboxTemplate, edit: TemplateEdit): void {
  if (!EDITABLE.includes(template.status)) {
    throw graphErrors.invalidParameter(`status: a ${template.status} template cannot be edited`);
  }
  if (!edit.category && !edit.components) {
    throw graphErrors.missingParameter('components: give components or category to change');
  }
  if (template.status === 'APPROVED') checkApprovedEdit(sandbox, template, edit);
  if (edit.category) template.category = edit.category as TemplateCategory;
  if (edit.components) template.components = edit.components as TemplateComponent[];
  shapes.delete(template);
  template.status = 'PENDING';
  template.rejectedReason = 'NONE';
  sandbox.store.changed();
  scheduleReview(sandbox, template);
}

export function templateView(template: SandboxTemplate) {
  return {
    name: template.name,
    parameter_format: template.parameterFormat,
    components: template.components,
    language: template.language,
    status: template.status,
    category: template.category,
    id: template.id,
    ...(template.status === 'REJECTED' ? { rejected_reason: template.rejectedReason } : {}),
  };
}

/** What a send of a template must supply: header and body parameter counts, URL button suffixes. */
interface TemplateShape {
  header: number;
  body: number;
  /** Indexes of URL buttons whose link ends in a placeholder. */
  urlButtons: number[];
}

const shapes = new WeakMap<SandboxTemplate, TemplateShape>();

/** Worked out once per template: every send of it is checked against the same shape. */
function shapeOf(template: SandboxTemplate): TemplateShape {
  let shape = shapes.get(template);
  if (shape) return shape;
  shape = { header: 0, body: 0, urlButtons: [] };
  for (const component of template.components) {
    const type = component.type.toUpperCase();
    if (type === 'HEADER') {
      shape.header = component.format !== undefined && component.format !== 'TEXT' ? 1 : placeholders(component.text);
    } else if (type === 'BODY') {
      shape.body = placeholders(component.text);
    } else if (type === 'BUTTONS') {
      (component.buttons ?? []).forEach((button, index) => {
        if (button.type.toUpperCase() === 'URL' && placeholders(button.url) > 0) shape?.urlButtons.push(index);
      });
    }
  }
  shapes.set(template, shape);
  return shape;
}

function mismatch(part: string, actual: number, expected: number) {
  return graphErrors.templateParamMismatch(
    `${part}: number of localizable_params (${actual}) does not match the expected number of params (${expected})`,
  );
}

/**
 * The approved template a send names, with its parameters counted against the placeholders:
 * 132015 when paused, 132016 when disabled, 132001 when missing or otherwise not approved, 132000
 * when a count differs.
 */
export function checkTemplateSend(
  sandbox: Sandbox,
  wabaId: string,
  send: TemplateMessage['template'],
): SandboxTemplate {
  const template = sandbox.store.findTemplate(wabaId, send.name, send.language.code);
  if (template?.status === 'PAUSED') throw graphErrors.templatePaused(send.name);
  if (template?.status === 'DISABLED') throw graphErrors.templateDisabled(send.name);
  if (template?.status !== 'APPROVED') throw graphErrors.templateMissing(send.name, send.language.code);
  const shape = shapeOf(template);
  const components = send.components ?? [];
  let header = 0;
  let body = 0;
  for (const component of components) {
    if (component.type === 'header') header += component.parameters.length;
    else if (component.type === 'body') body += component.parameters.length;
  }
  if (header !== shape.header) throw mismatch('header', header, shape.header);
  if (body !== shape.body) throw mismatch('body', body, shape.body);
  for (const index of shape.urlButtons) {
    const button = components.find((component) => component.type === 'button' && Number(component.index) === index);
    const count = button?.type === 'button' ? (button.parameters?.length ?? 0) : 0;
    if (count !== 1) throw mismatch(`button ${index}`, count, 1);
  }
  return template;
}
