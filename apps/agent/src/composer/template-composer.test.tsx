import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { renderSignedIn, until } from '../test/render.js';
import { Composer } from './composer.js';
import { composerApi, conversation, eventually, queuedReply, typeInto } from './composer-test-support.js';
import { filledBody } from './template-composer.js';

const templates = [
  {
    id: '70',
    name: 'order_ready',
    language: 'es',
    category: 'UTILITY',
    body: 'Hola {{1}}, su pedido {{2}} está listo.',
    variables: 2,
  },
  { id: '71', name: 'hello', language: 'es', category: 'MARKETING', body: '¡Hola!', variables: 0 },
];

async function pickTemplate(label: string) {
  const select = document.querySelector(
    '[data-testid=template-select] .ant-select-selector, [data-testid=template-select]',
  );
  await act(async () => select?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
  await until(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).not.toBeNull());
  await act(async () => document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`)?.click());
}

describe('the composer with the window closed', () => {
  it('says why, offers the approved templates, fills their variables with a preview, and sends one', async () => {
    const api = composerApi({
      '/api/inbox/templates': () => templates,
      '/api/inbox/send-template': () => queuedReply('9'),
    });
    const host = await renderSignedIn(
      <Composer conversation={conversation({ window_open: false, window_remaining_seconds: 0 })} />,
      {
        language: 'en',
        fetch: api.fetch,
      },
    );
    expect(host.querySelector('[data-testid=window-closed]')?.textContent).toContain(
      'The 24-hour window is closed: only approved templates can be sent',
    );
    expect(host.querySelector('[data-testid=composer-text]')).toBeNull();
    await until(() => expect(api.sent('/api/inbox/templates')[0]?.body).toEqual({ conversationId: '41' }));
    await pickTemplate('order_ready (es)');
    const variables = () => [...host.querySelectorAll<HTMLInputElement>('input[data-testid=template-variable]')];
    await until(() => expect(variables()).toHaveLength(2));
    const send = () => host.querySelector<HTMLButtonElement>('[data-testid=template-send]');
    expect(send()?.disabled).toBe(true);
    await typeInto(variables()[0] as HTMLInputElement, 'Lucía');
    expect(host.querySelector('[data-testid=template-preview]')?.textContent).toContain(
      'Hola Lucía, su pedido {{2}} está listo.',
    );
    await typeInto(variables()[1] as HTMLInputElement, 'A-1024');
    await act(async () => send()?.click());
    await until(() => expect(api.sent('/api/inbox/send-template')).toHaveLength(1));
    expect(api.sent('/api/inbox/send-template')[0]?.body).toEqual({
      conversationId: '41',
      templateId: '70',
      variables: ['Lucía', 'A-1024'],
    });
  });

  it('switches to templates by itself when the open window runs out, and explains it in Chinese', async () => {
    const api = composerApi({ '/api/inbox/templates': () => [] });
    const host = await renderSignedIn(<Composer conversation={conversation({ window_remaining_seconds: 0 })} />, {
      language: 'zh',
      fetch: api.fetch,
    });
    await eventually(() =>
      expect(host.querySelector('[data-testid=window-closed]')?.textContent).toContain(
        '24 小时窗口已关闭，只能发送已审核通过的模板',
      ),
    );
    expect(host.textContent).toContain('WhatsApp 只允许在客户最近一条消息后的 24 小时内发送自由消息');
  });

  it('fills the variables it has and leaves the others marked', () => {
    expect(filledBody('Hola {{1}}, pedido {{ 2 }}', ['Ana'])).toBe('Hola Ana, pedido {{ 2 }}');
  });
});
