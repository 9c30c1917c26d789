import type { InboundMessage } from '../meta/webhook-payload.js';

const PREVIEW_LENGTH = 200;
/** Message types whose content is described by this module; any other is kept and reported. */
export const KNOWN_MESSAGE_TYPES = new Set([
  'text',
  'reaction',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'location',
  'contacts',
  'button',
  'interactive',
  'order',
  'system',
  'unsupported',
  'unknown',
]);

const clip = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat;
};

const labelled = (label: string, detail?: string) => (detail ? `[${label}] ${detail}` : `[${label}]`);

/** A short human line for conversation lists: the text, a caption, or what kind of thing was sent. */
export function previewOf(message: InboundMessage): string {
  return clip(describe(message));
}

function describe(message: InboundMessage): string {
  switch (message.type) {
    case 'text':
      return message.text?.body ?? '';
    case 'reaction':
      return message.reaction?.emoji ? labelled('reaction', message.reaction.emoji) : labelled('reaction removed');
    case 'image':
    case 'video':
    case 'audio':
    case 'sticker':
    case 'document': {
      const media = message[message.type];
      return labelled(message.type, media?.caption ?? media?.filename);
    }
    case 'location': {
      const place = message.location;
      return labelled(
        'location',
        place?.name ?? place?.address ?? (place ? `${place.latitude}, ${place.longitude}` : undefined),
      );
    }
    case 'contacts':
      return labelled(
        'contact',
        message.contacts
          ?.map((card) => card.name?.formatted_name ?? card.name?.first_name)
          .filter(Boolean)
          .join(', '),
      );
    case 'button':
      return message.button?.text ?? '';
    case 'interactive': {
      const reply = message.interactive;
      return (
        reply?.button_reply?.title ??
        reply?.list_reply?.title ??
        reply?.nfm_reply?.body ??
        labelled(reply?.nfm_reply?.name ?? 'interactive')
      );
    }
    case 'order': {
      const items = message.order?.product_items ?? [];
      const count = items.reduce((total, item) => total + item.quantity, 0);
      return labelled(
        'order',
        `${count} item${count === 1 ? '' : 's'}${message.order?.text ? ` · ${message.order.text}` : ''}`,
      );
    }
    case 'system':
      return labelled('system', message.system?.body);
    default:
      return labelled(message.type, message.errors?.[0]?.title);
  }
}
