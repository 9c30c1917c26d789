import type { ContactCard } from '@ws/contract';

/** A material as one step of a reply sends it. */
export interface StepMaterial {
  tp: string;
  body: string;
  card: Record<string, unknown> | null;
  buttons: { title: string }[];
  file_name: string | null;
}

/** Meta's message (type, the request's part for it, its line in lists) for a material; a file by its media id. */
export function materialMessage(
  material: StepMaterial,
  mediaId: string | null,
): { type: string; content: Record<string, unknown>; preview: string } {
  const caption = material.body ? { caption: material.body } : {};
  switch (material.tp) {
    case 'text':
      return { type: 'text', content: { text: { body: material.body } }, preview: material.body };
    case 'img':
      return { type: 'image', content: { image: { id: mediaId, ...caption } }, preview: material.body || '[image]' };
    case 'audio':
      return { type: 'audio', content: { audio: { id: mediaId } }, preview: '[audio]' };
    case 'video':
      return { type: 'video', content: { video: { id: mediaId, ...caption } }, preview: material.body || '[video]' };
    case 'word': {
      const filename = material.file_name ?? 'document';
      return {
        type: 'document',
        content: { document: { id: mediaId, filename, ...caption } },
        preview: material.body || `[document] ${filename}`,
      };
    }
    case 'card':
      return cardMessage(material.card as ContactCard);
    case 'imgtext':
      if (material.buttons.length === 0) {
        return { type: 'image', content: { image: { id: mediaId, ...caption } }, preview: material.body };
      }
      return {
        type: 'interactive',
        content: {
          interactive: {
            type: 'button',
            header: { type: 'image', image: { id: mediaId } },
            body: { text: material.body },
            action: {
              buttons: material.buttons.map((button, index) => ({
                type: 'reply',
                reply: { id: `auto_${index + 1}`, title: button.title },
              })),
            },
          },
        },
        preview: material.body,
      };
    default:
      throw new Error(`a ${material.tp} material is not one message`);
  }
}

function cardMessage(card: ContactCard) {
  const contact = {
    name: { formatted_name: card.name, first_name: card.name },
    phones: card.phones.map((phone) => ({ phone, type: 'CELL' })),
    ...(card.email ? { emails: [{ email: card.email, type: 'WORK' }] } : {}),
    ...(card.company || card.title ? { org: { company: card.company, title: card.title } } : {}),
    ...(card.url ? { urls: [{ url: card.url, type: 'WORK' }] } : {}),
  };
  return { type: 'contacts', content: { contacts: [contact] }, preview: `[contact] ${card.name}` };
}

/** Whether the material is a file that must be in the number's media store before it is sent. */
export const needsMedia = (tp: string): boolean => ['img', 'audio', 'video', 'word', 'imgtext'].includes(tp);
