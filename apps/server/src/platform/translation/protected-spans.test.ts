import { describe, expect, it } from 'vitest';
import { decodeFromProvider, encodeForProvider } from './markup.js';
import { codePoints, protectSpans } from './protected-spans.js';

const spansOf = (text: string) => protectSpans(text).spans;

describe('protected spans', () => {
  it('finds links, e-mail addresses, placeholders, phone numbers, numbers and codes', () => {
    expect(spansOf('Track it at https://post.example/t?id=77, thanks.')).toEqual(['https://post.example/t?id=77']);
    expect(spansOf('Write to help@shop.example or call +86 138 0013 8000')).toEqual([
      'help@shop.example',
      '+86 138 0013 8000',
    ]);
    expect(spansOf('Hi {{1}}, order ORD-2024-0031 ships at 10:30 for 1,299.00')).toEqual([
      '{{1}}',
      'ORD-2024-0031',
      '10:30',
      '1,299.00',
    ]);
    expect(spansOf('Code A1B2C3 and #4411; see www.shop.example.')).toEqual(['A1B2C3', '#4411', 'www.shop.example']);
  });

  it('leaves words without digits, and a CJK word beside a number, translatable', () => {
    expect(spansOf('Hello there, ABC team')).toEqual([]);
    const text = protectSpans('订单12345已发货');
    expect(text.spans).toEqual(['12345']);
    expect(text.parts).toEqual([
      { text: '订单', protected: false },
      { text: '12345', protected: true },
      { text: '已发货', protected: false },
    ]);
  });

  it('counts code points, as DeepL, Azure and Tencent bill them', () => {
    expect(codePoints('héllo')).toBe(5);
    expect(codePoints('你好👍')).toBe(3);
  });
});

describe('markup for providers', () => {
  const text = protectSpans('Your order A-1 <ok> & more\nsee https://x.example');

  it('sends HTML with translate="no" spans, escaped text and <br> line breaks, and takes it back', () => {
    const sent = encodeForProvider(text, 'html');
    expect(sent).toBe(
      'Your order <span translate="no" class="notranslate">A-1</span> &lt;ok&gt; &amp; more<br>see <span translate="no" class="notranslate">https://x.example</span>',
    );
    // What Google answers: its own entities, a style attribute it adds, the spans moved.
    const reply =
      '<span style="direction:ltr">Su pedido <span translate="no" class="notranslate">A-1</span> &lt;ok&gt; &amp; m&#39;as<br/>ver <span class="notranslate" translate="no">https://x.example</span></span>';
    expect(decodeFromProvider(reply, text, 'html')).toBe("Su pedido A-1 <ok> & m'as\nver https://x.example");
    // A provider that kept only one of the two markers.
    const oneMarker = 'Pedido <span class="notranslate">A-1</span>, ver <span translate=no>https://x.example</span>';
    expect(decodeFromProvider(oneMarker, text, 'html')).toBe('Pedido A-1, ver https://x.example');
  });

  it('sends DeepL XML with <x> ignore tags', () => {
    expect(encodeForProvider(text, 'xml')).toBe(
      'Your order <x>A-1</x> &lt;ok&gt; &amp; more\nsee <x>https://x.example</x>',
    );
    expect(decodeFromProvider('Ihre <x>A-1</x> &lt;ok&gt;\n<x>https://x.example</x>', text, 'xml')).toBe(
      'Ihre A-1 <ok>\nhttps://x.example',
    );
  });

  it('sends numbered placeholders where no markup is kept, and puts them back by number', () => {
    expect(encodeForProvider(text, 'placeholder')).toBe('Your order {{0}} <ok> & more\nsee {{1}}');
    expect(decodeFromProvider('见 {{ 1 }}，订单 {{0}}', text, 'placeholder')).toBe('见 https://x.example，订单 A-1');
  });

  it('fails when a provider lost a protected span, instead of answering a changed code', () => {
    expect(() => decodeFromProvider('Ihre Bestellung A-2', text, 'xml')).toThrow(/A-1/);
    expect(() => decodeFromProvider('订单 {{0}}', text, 'placeholder')).toThrow(/https:\/\/x\.example/);
  });

  it('sends a text without spans as it is, line breaks too', () => {
    const plain = protectSpans('Hello & welcome\nto the shop');
    expect(encodeForProvider(plain, 'html')).toBe('Hello & welcome\nto the shop');
    expect(decodeFromProvider('Hola & bienvenido', plain, 'html')).toBe('Hola & bienvenido');
  });
});
