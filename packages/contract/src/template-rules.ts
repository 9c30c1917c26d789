import { type NewTemplate, TEMPLATE_LIMITS, type TemplateComponentInput } from './templates.js';

/**
 * Meta's rules for a new template beyond its shape (which `NewTemplate` checks): the name and
 * language codes, one body, variables {{1}}..{{n}} in sequence with a sample value each, one
 * variable at most in a text header and at the end of a URL, a sample for a media header, and the
 * button kinds' limits. The server refuses a template that breaks one (a 400 naming the field);
 * the console's form shows the same words while the operator types.
 */

/** What is wrong, and where: `field` is the body's path, e.g. `components.1.example.body_text`. */
export interface TemplateProblem {
  field: string;
  zh: string;
  en: string;
}

export const TEMPLATE_NAME_PATTERN = /^[a-z0-9_]+$/;
export const TEMPLATE_LANGUAGE_PATTERN = /^[a-z]{2,3}(_[A-Za-z]{2,4})?$/;
const URL_PATTERN = /^https?:\/\/[^\s{}]+/i;
const PHONE_PATTERN = /^\+?[0-9]{6,19}$/;

/** Every `{{…}}` of a text, as written between the braces (trimmed). */
export function placeholdersOf(text: string | undefined): string[] {
  return text ? [...text.matchAll(/\{\{([^{}]*)\}\}/g)].map((match) => (match[1] ?? '').trim()) : [];
}

/** How many distinct positional variables ({{1}}, {{2}}…) a text has. */
export function variableCount(text: string | undefined): number {
  return new Set(placeholdersOf(text).filter((name) => /^\d+$/.test(name))).size;
}

const problem = (field: string, zh: string, en: string): TemplateProblem => ({ field, zh, en });

/** A text's variables: positional and in sequence from {{1}}, or the problem. */
function checkVariables(text: string, field: string): TemplateProblem | undefined {
  const names = placeholdersOf(text);
  if (names.some((name) => !/^[1-9]\d*$/.test(name))) {
    return problem(field, '变量须写作 {{1}}、{{2}}……', 'variables are written {{1}}, {{2}} …');
  }
  if (/\{\{|\}\}/.test(text.replace(/\{\{[^{}]*\}\}/g, ''))) {
    return problem(field, '花括号不成对', 'has unmatched braces');
  }
  const numbers = [...new Set(names.map(Number))].sort((x, y) => x - y);
  const gap = numbers.findIndex((value, index) => value !== index + 1);
  if (gap >= 0) {
    return problem(
      field,
      `变量须从 {{1}} 起连续编号，缺少 {{${gap + 1}}}`,
      `variables must be numbered from {{1}} in sequence; {{${gap + 1}}} is missing`,
    );
  }
  return undefined;
}

function checkHeader(header: Extract<TemplateComponentInput, { type: 'HEADER' }>, at: string) {
  if (header.format === 'TEXT') {
    if (!header.text) return problem(`${at}.text`, '文本页眉须填写内容', 'a TEXT header needs its text');
    const wrong = checkVariables(header.text, `${at}.text`);
    if (wrong) return wrong;
    const count = variableCount(header.text);
    if (count > 1) return problem(`${at}.text`, '页眉最多 1 个变量', 'a header has at most one variable');
    if (count === 1 && !header.example?.header_text?.[0]) {
      return problem(
        `${at}.example.header_text`,
        '请填写页眉变量 {{1}} 的示例值',
        'give a sample value for {{1}} of the header',
      );
    }
    return undefined;
  }
  if (header.text) {
    return problem(`${at}.text`, '媒体页眉不能有文本', `a ${header.format} header has no text`);
  }
  if (!header.example?.header_handle?.[0]) {
    return problem(
      `${at}.example.header_handle`,
      '媒体页眉须提供示例媒体（媒体句柄或链接）',
      `a ${header.format} header needs a sample: a media handle or a URL`,
    );
  }
  return undefined;
}

function checkBody(body: Extract<TemplateComponentInput, { type: 'BODY' }>, at: string) {
  const wrong = checkVariables(body.text, `${at}.text`);
  if (wrong) return wrong;
  const count = variableCount(body.text);
  const examples = body.example?.body_text?.[0] ?? [];
  if (examples.length !== count) {
    return problem(
      `${at}.example.body_text`,
      `正文有 ${count} 个变量，须提供同样多的示例值（现有 ${examples.length} 个）`,
      `the body has ${count} variables and needs as many sample values (${examples.length} given)`,
    );
  }
  const empty = examples.findIndex((example) => !example.trim());
  if (empty >= 0) {
    return problem(
      `${at}.example.body_text.0.${empty}`,
      `请填写变量 {{${empty + 1}}} 的示例值`,
      `give a sample value for {{${empty + 1}}}`,
    );
  }
  return undefined;
}

function checkButtons(buttons: Extract<TemplateComponentInput, { type: 'BUTTONS' }>, at: string) {
  const urls = buttons.buttons.filter((button) => button.type === 'URL').length;
  if (urls > TEMPLATE_LIMITS.urlButtons) {
    return problem(`${at}.buttons`, '最多 2 个链接按钮', 'at most 2 URL buttons');
  }
  const phones = buttons.buttons.filter((button) => button.type === 'PHONE_NUMBER').length;
  if (phones > TEMPLATE_LIMITS.phoneButtons) {
    return problem(`${at}.buttons`, '最多 1 个电话按钮', 'at most 1 phone number button');
  }
  for (const [index, button] of buttons.buttons.entries()) {
    const where = `${at}.buttons.${index}`;
    if (button.type === 'URL') {
      if (!URL_PATTERN.test(button.url)) {
        return problem(
          `${where}.url`,
          '须为 http:// 或 https:// 开头的链接',
          'must be a link starting with http:// or https://',
        );
      }
      const names = placeholdersOf(button.url);
      if (names.length > 1) return problem(`${where}.url`, '链接最多 1 个变量', 'a URL has at most one variable');
      if (names.length === 1) {
        if (names[0] !== '1' || !button.url.endsWith('}}')) {
          return problem(
            `${where}.url`,
            '链接的变量须为结尾的 {{1}}',
            'the variable of a URL must be {{1}} at its end',
          );
        }
        if (!button.example?.[0] || !URL_PATTERN.test(button.example[0])) {
          return problem(
            `${where}.example`,
            '请填写含变量示例值的完整示例链接',
            'give the whole sample link, with a sample value for the variable',
          );
        }
      }
    } else if (button.type === 'PHONE_NUMBER' && !PHONE_PATTERN.test(button.phone_number.replace(/[\s()-]/g, ''))) {
      return problem(
        `${where}.phone_number`,
        '须为带国家代码的电话号码，如 +8613800138000',
        'must be a phone number with its country code, e.g. +14155550100',
      );
    }
    if (placeholdersOf(button.text).length > 0) {
      return problem(`${where}.text`, '按钮文字不能有变量', 'button text has no variables');
    }
  }
  return undefined;
}

/** The first rule the template breaks, or undefined when Meta's review may see it. */
export function templateProblem(
  template: Pick<NewTemplate, 'name' | 'language' | 'components'>,
): TemplateProblem | undefined {
  if (!TEMPLATE_NAME_PATTERN.test(template.name)) {
    return problem('name', '只能使用小写字母、数字和下划线', 'only lower-case letters, digits and underscores');
  }
  if (!TEMPLATE_LANGUAGE_PATTERN.test(template.language)) {
    return problem(
      'language',
      '须为 Meta 的语言代码，如 zh_CN、en_US、en',
      "must be one of Meta's language codes, e.g. zh_CN, en_US, en",
    );
  }
  const seen = new Set<string>();
  for (const [index, component] of template.components.entries()) {
    if (seen.has(component.type)) {
      return problem(
        `components.${index}.type`,
        `${component.type} 只能有一个`,
        `only one ${component.type} component`,
      );
    }
    seen.add(component.type);
  }
  if (!seen.has('BODY')) return problem('components', '须有正文（BODY）', 'a BODY component is required');
  for (const [index, component] of template.components.entries()) {
    const at = `components.${index}`;
    let found: TemplateProblem | undefined;
    if (component.type === 'HEADER') found = checkHeader(component, at);
    else if (component.type === 'BODY') found = checkBody(component, at);
    else if (component.type === 'FOOTER' && placeholdersOf(component.text).length > 0) {
      found = problem(`${at}.text`, '页脚不能有变量', 'a footer has no variables');
    } else if (component.type === 'BUTTONS') found = checkButtons(component, at);
    if (found) return found;
  }
  return undefined;
}
