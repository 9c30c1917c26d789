import { graphErrors } from '../graph-errors.js';
import { parseGraphInput, requestedFields } from '../graph-input.js';
import { graphPage } from '../graph-paging.js';
import { callFields, type GraphRoutes } from '../graph-router.js';
import { createTemplate, editTemplate, NewTemplateSchema, TemplateEditSchema, templateView } from '../templates.js';

/** Only the asked-for fields (and the id), as Graph answers a `fields` parameter. */
function pickFields<T extends Record<string, unknown>>(view: T, fields: string[] | undefined): Partial<T> {
  if (!fields) return view;
  return Object.fromEntries(Object.entries(view).filter(([key]) => key === 'id' || fields.includes(key))) as Partial<T>;
}

export const templateRoutes: GraphRoutes = {
  waba: {
    'GET message_templates': (call) => {
      const { query } = call;
      const filters = ['name', 'status', 'category', 'language'] as const;
      const wanted = Object.fromEntries(filters.map((filter) => [filter, query.get(filter)]));
      const templates = call.sandbox.store
        .templatesOf(call.object.id)
        .filter(
          (template) =>
            (!wanted.name || template.name.includes(wanted.name)) &&
            (!wanted.status || template.status === wanted.status.toUpperCase()) &&
            (!wanted.category || template.category === wanted.category.toUpperCase()) &&
            (!wanted.language || template.language === wanted.language),
        )
        .map((template) => pickFields(templateView(template), requestedFields(query)));
      return graphPage(templates, query, call.selfUrl);
    },
    'POST message_templates': (call) => {
      const input = parseGraphInput(NewTemplateSchema, callFields(call));
      const template = createTemplate(call.sandbox, call.object.id, input);
      return { id: template.id, status: template.status, category: template.category };
    },
    'DELETE message_templates': (call) => {
      const name = call.query.get('name');
      const hsmId = call.query.get('hsm_id');
      if (!name) throw graphErrors.missingParameter('name: the template name is required');
      const { store } = call.sandbox;
      const doomed = store
        .templatesOf(call.object.id)
        .filter((template) => template.name === name && (!hsmId || template.id === hsmId));
      if (doomed.length === 0) throw graphErrors.invalidParameter(`name: no template named ${name}`);
      for (const template of doomed) store.removeTemplate(template);
      return { success: true };
    },
  },
  template: {
    'GET ': (call) => pickFields(templateView(call.object.template), requestedFields(call.query)),
    /** Meta's edit call: new components or category, and the template goes back to review. */
    'POST ': (call) => {
      editTemplate(call.sandbox, call.object.template, parseGraphInput(TemplateEditSchema, callFields(call)));
      return { success: true };
    },
  },
};
