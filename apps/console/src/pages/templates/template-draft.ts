import {
  type NewTemplate,
  type TemplateButtonInput,
  type TemplateButtonType,
  type TemplateCategory,
  type TemplateComponentInput,
  type TemplateHeaderFormat,
  variableCount,
} from '@ws/contract';

/** A button as the form edits it: the fields of its type are used, the others ignored. */
export interface ButtonFields {
  type: TemplateButtonType;
  text?: string;
  url?: string;
  urlExample?: string;
  phone?: string;
}

/** What the create form holds: flat fields, turned into Meta's components by `draftOf`. */
export interface TemplateFields {
  numberId?: string;
  name?: string;
  language?: string;
  category?: TemplateCategory;
  allowCategoryChange?: boolean;
  headerFormat?: 'NONE' | TemplateHeaderFormat;
  headerText?: string;
  headerExample?: string;
  headerHandle?: string;
  body?: string;
  /** One sample per body variable, {{1}} first. */
  bodyExamples?: (string | undefined)[];
  footer?: string;
  buttons?: (ButtonFields | undefined)[];
}

/** A new template's fields (its language follows the console's). */
export const NEW_TEMPLATE_FIELDS: TemplateFields = {
  category: 'MARKETING',
  headerFormat: 'NONE',
  body: '',
  bodyExamples: [],
  buttons: [],
};

const text = (value: string | undefined) => value?.trim() ?? '';

function headerOf(fields: TemplateFields): TemplateComponentInput | undefined {
  const format = fields.headerFormat ?? 'NONE';
  if (format === 'NONE') return undefined;
  if (format !== 'TEXT') {
    const handle = text(fields.headerHandle);
    return { type: 'HEADER', format, ...(handle ? { example: { header_handle: [handle] } } : {}) };
  }
  const sample = text(fields.headerExample);
  return {
    type: 'HEADER',
    format,
    text: text(fields.headerText),
    ...(variableCount(fields.headerText) > 0 && sample ? { example: { header_text: [sample] } } : {}),
  };
}

function buttonOf(button: ButtonFields): TemplateButtonInput {
  if (button.type === 'URL') {
    const sample = text(button.urlExample);
    return {
      type: 'URL',
      text: text(button.text),
      url: text(button.url),
      ...(text(button.url).includes('{{') && sample ? { example: [sample] } : {}),
    };
  }
  if (button.type === 'PHONE_NUMBER')
    return { type: 'PHONE_NUMBER', text: text(button.text), phone_number: text(button.phone) };
  return { type: 'QUICK_REPLY', text: text(button.text) };
}

/** The components the form describes, in Meta's order: header, body, footer, buttons. */
export function componentsOf(fields: TemplateFields): TemplateComponentInput[] {
  const components: TemplateComponentInput[] = [];
  const header = headerOf(fields);
  if (header) components.push(header);
  const body = text(fields.body);
  const count = variableCount(body);
  const samples = Array.from({ length: count }, (_, index) => text(fields.bodyExamples?.[index]));
  components.push({ type: 'BODY', text: body, ...(count > 0 ? { example: { body_text: [samples] } } : {}) });
  if (text(fields.footer)) components.push({ type: 'FOOTER', text: text(fields.footer) });
  const buttons = (fields.buttons ?? []).filter((button): button is ButtonFields => Boolean(button?.type));
  if (buttons.length > 0) components.push({ type: 'BUTTONS', buttons: buttons.map(buttonOf) });
  return components;
}

/** The body of `template/add` the form describes. */
export function draftOf(fields: TemplateFields): NewTemplate {
  return {
    numberId: fields.numberId ?? '',
    name: text(fields.name),
    language: text(fields.language),
    category: fields.category ?? 'MARKETING',
    allowCategoryChange: fields.allowCategoryChange ?? false,
    components: componentsOf(fields),
  };
}
