import type { ChatMessage, Language } from '@ws/contract';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../utils/display-names.js';
import { listAt, textAt, valueAt } from './body-fields.js';
import { LinkifiedText } from './linkified-text.js';
import { MediaView } from './media-view.js';

const MEDIA = new Set(['image', 'video', 'audio', 'document', 'sticker']);

const Label = ({ children }: { children: ReactNode }) => (
  <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
    {children}
  </Typography.Text>
);

/** A line of the message when it has that part; nothing otherwise. */
const Line = ({ text, strong, secondary }: { text: string | undefined; strong?: boolean; secondary?: boolean }) => {
  if (!text) return null;
  if (secondary) return <Label>{text}</Label>;
  return strong ? <strong style={{ display: 'block' }}>{text}</strong> : <div>{text}</div>;
};

const Card = ({ children, testId }: { children: ReactNode; testId: string }) => (
  <div data-testid={testId} style={{ borderLeft: '3px solid var(--ant-color-primary, #1677ff)', paddingLeft: 8 }}>
    {children}
  </div>
);

/** What a message says, by Meta's type: inbound webhook objects and outbound send requests alike. */
export function MessageContent({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('messages');
  const { body, type } = message;
  if (MEDIA.has(type)) return <MediaView message={message} />;
  switch (type) {
    case 'text':
      return <LinkifiedText text={textAt(body, 'text', 'body') ?? message.preview} />;
    case 'location':
      return <LocationCard body={body} />;
    case 'contacts':
      return <SharedContacts body={body} />;
    case 'interactive':
      return <Interactive body={body} />;
    case 'button':
      return (
        <Card testId="chat-button">
          <Label>{t('quickReply')}</Label>
          {textAt(body, 'button', 'text') ?? textAt(body, 'button', 'payload')}
        </Card>
      );
    case 'template':
      return <TemplateCard body={body} />;
    case 'reaction': {
      const emoji = textAt(body, 'reaction', 'emoji');
      return <span>{emoji ? t('reacted', { emoji }) : t('reactionRemoved')}</span>;
    }
    case 'order':
      return <OrderCard body={body} />;
    case 'system':
      return (
        <Card testId="chat-system">
          <Label>{t('system')}</Label>
          {textAt(body, 'system', 'body') ?? message.preview}
        </Card>
      );
    case 'unsupported':
      return (
        <Typography.Text type="secondary" data-testid="chat-unsupported">
          {[t('unsupported'), textAt(body, 'errors', 0, 'error_data', 'details')].filter(Boolean).join(': ')}
        </Typography.Text>
      );
    default:
      return (
        <Typography.Text type="secondary" data-testid="chat-unknown">
          {t('unknownType', { type })}
          {message.preview && ` · ${message.preview}`}
        </Typography.Text>
      );
  }
}

type Body = ChatMessage['body'];

function LocationCard({ body }: { body: Body }) {
  const { t } = useTranslation('messages');
  const latitude = textAt(body, 'location', 'latitude');
  const longitude = textAt(body, 'location', 'longitude');
  const map =
    latitude && longitude
      ? `https://www.openstreetmap.org/?mlat=${encodeURIComponent(latitude)}&mlon=${encodeURIComponent(longitude)}#map=16/${latitude}/${longitude}`
      : undefined;
  return (
    <Card testId="chat-location">
      <Line strong text={textAt(body, 'location', 'name')} />
      <Line text={textAt(body, 'location', 'address')} />
      {latitude && longitude && <Label>{`${latitude}, ${longitude}`}</Label>}
      {map && (
        <a href={map} target="_blank" rel="noopener noreferrer">
          {t('openMap')}
        </a>
      )}
    </Card>
  );
}

function SharedContacts({ body }: { body: Body }) {
  const { t } = useTranslation('messages');
  return (
    <div>
      {listAt(body, 'contacts').map((card, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: cards have no id and never reorder.
        <Card testId="chat-contact-card" key={index}>
          <Label>{t('sharedContact')}</Label>
          <strong>{textAt(card, 'name', 'formatted_name') ?? textAt(card, 'name', 'first_name')}</strong>
          <Line text={textAt(card, 'org', 'company')} />
          {listAt(card, 'phones').map((phone) => (
            <div key={textAt(phone, 'phone')}>{textAt(phone, 'phone')}</div>
          ))}
          {listAt(card, 'emails').map((email) => (
            <div key={textAt(email, 'email')}>{textAt(email, 'email')}</div>
          ))}
        </Card>
      ))}
    </div>
  );
}

/** A reply (button, list, flow) a person sent, or an interactive message a number sent. */
function Interactive({ body }: { body: Body }) {
  const { t } = useTranslation('messages');
  const kind = textAt(body, 'interactive', 'type');
  if (kind === 'button_reply' || kind === 'list_reply') {
    return (
      <Card testId="chat-interactive-reply">
        <Label>{kind === 'button_reply' ? t('buttonReply') : t('listReply')}</Label>
        {textAt(body, 'interactive', kind, 'title')}
        <Line secondary text={textAt(body, 'interactive', kind, 'description')} />
      </Card>
    );
  }
  if (kind === 'nfm_reply') {
    const answers = textAt(body, 'interactive', 'nfm_reply', 'response_json');
    return (
      <Card testId="chat-interactive-reply">
        <Label>{t('flowReply')}</Label>
        {textAt(body, 'interactive', 'nfm_reply', 'body') ?? textAt(body, 'interactive', 'nfm_reply', 'name')}
        {answers && <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>{answers}</pre>}
      </Card>
    );
  }
  const buttons = listAt(body, 'interactive', 'action', 'buttons')
    .map((button) => textAt(button, 'reply', 'title') ?? textAt(button, 'title'))
    .filter(Boolean);
  const rows = listAt(body, 'interactive', 'action', 'sections').flatMap((section) =>
    listAt(section, 'rows').map((row) => textAt(row, 'title')),
  );
  const linkText = textAt(body, 'interactive', 'action', 'parameters', 'display_text');
  const text = textAt(body, 'interactive', 'body', 'text');
  return (
    <Card testId="chat-interactive">
      <Label>{t('interactive')}</Label>
      <Line strong text={textAt(body, 'interactive', 'header', 'text')} />
      {text && <LinkifiedText text={text} />}
      <Line secondary text={textAt(body, 'interactive', 'footer', 'text')} />
      <div>
        {[...buttons, ...rows, linkText].filter(Boolean).map((title) => (
          <Tag key={title}>{title}</Tag>
        ))}
      </div>
    </Card>
  );
}

/** A template send: its name, language and the parameters filled into it (a group invite by its group's id). */
function TemplateCard({ body }: { body: Body }) {
  // i18next's language is the chosen one (setUpI18n follows it), and the texts around are in it.
  const { t, i18n } = useTranslation('messages');
  const uiLanguage: Language = i18n.language === 'en' ? 'en' : 'zh';
  const parameters = listAt(body, 'template', 'components').flatMap((component) =>
    listAt(component, 'parameters').map(
      (parameter) =>
        (parameter.type === 'group_id' ? t('templateGroupInvite', { id: textAt(parameter, 'group_id') }) : null) ??
        textAt(parameter, 'text') ??
        textAt(parameter, 'payload') ??
        textAt(parameter, parameter.type as string, 'fallback_value') ??
        textAt(parameter, parameter.type as string, 'link') ??
        `[${String(parameter.type ?? '')}]`,
    ),
  );
  const language = textAt(body, 'template', 'language', 'code');
  return (
    <Card testId="chat-template">
      <strong>{t('template', { name: textAt(body, 'template', 'name') ?? '' })}</strong>
      <Line secondary text={language && t('templateLanguage', { language: languageName(uiLanguage, language) })} />
      {parameters.length > 0 && (
        <div>
          <Label>{t('templateParameters')}</Label>
          <ol style={{ margin: 0, paddingLeft: 20 }}>
            {parameters.map((parameter, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: parameters are positional.
              <li key={index}>{parameter}</li>
            ))}
          </ol>
        </div>
      )}
    </Card>
  );
}

function OrderCard({ body }: { body: Body }) {
  const { t } = useTranslation('messages');
  const items = listAt(body, 'order', 'product_items');
  const count = items.reduce((sum, item) => sum + Number(valueAt(item, 'quantity') ?? 0), 0);
  return (
    <Card testId="chat-order">
      <Label>{t('order')}</Label>
      <strong>{t('orderItems', { count })}</strong>
      {items.map((item) => (
        <div key={textAt(item, 'product_retailer_id')}>
          {`${textAt(item, 'product_retailer_id') ?? ''} × ${textAt(item, 'quantity') ?? ''} · ${textAt(item, 'item_price') ?? ''} ${textAt(item, 'currency') ?? ''}`}
        </div>
      ))}
      <Line text={textAt(body, 'order', 'text')} />
    </Card>
  );
}
