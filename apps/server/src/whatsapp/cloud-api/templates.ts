/** Message templates of a WABA: list (paged), create, delete by name (optionally one language by hsm_id). */
import {
  type CreatedTemplate,
  createdTemplate,
  type MessageTemplate,
  messageTemplate,
  type Page,
  pageOf,
  successReply,
  toPage,
} from './replies.js';
import { type GraphTransport, segment } from './transport.js';

export const TEMPLATE_FIELDS = [
  'id',
  'name',
  'language',
  'status',
  'category',
  'parameter_format',
  'components',
  'quality_score',
  'rejected_reason',
] as const;

export interface TemplateListOptions {
  limit?: number;
  after?: string;
  status?: string;
  name?: string;
  fields?: readonly string[];
}

/** The creation body, as Meta takes it; components are passed through as given. */
export interface NewTemplate {
  name: string;
  language: string;
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  components: Record<string, unknown>[];
  parameter_format?: 'named' | 'positional';
  allow_category_change?: boolean;
  [key: string]: unknown;
}

const templatePage = pageOf(messageTemplate);

export function templatesApi(graph: GraphTransport) {
  return {
    async listTemplates(wabaId: string, options: TemplateListOptions = {}): Promise<Page<MessageTemplate>> {
      const path = `${segment(wabaId)}/message_templates`;
      const query = {
        fields: (options.fields ?? TEMPLATE_FIELDS).join(','),
        limit: options.limit,
        after: options.after,
        status: options.status,
        name: options.name,
      };
      return toPage(await graph.expect(templatePage, { method: 'GET', path, query }));
    },

    async createTemplate(wabaId: string, template: NewTemplate): Promise<CreatedTemplate> {
      const path = `${segment(wabaId)}/message_templates`;
      return graph.expect(createdTemplate, { method: 'POST', path, json: template });
    },

    /** Deletes every language of a template by name, or one of them when `hsmId` (its id) is given. */
    async deleteTemplate(wabaId: string, template: { name: string; hsmId?: string }): Promise<void> {
      const path = `${segment(wabaId)}/message_templates`;
      const query = { name: template.name, hsm_id: template.hsmId };
      await graph.expect(successReply, { method: 'DELETE', path, query });
    },
  };
}
