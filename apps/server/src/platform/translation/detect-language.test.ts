import { describe, expect, it } from 'vitest';
import { detectLanguage, MIN_DETECT_LETTERS } from './detect-language.js';

describe('detectLanguage', () => {
  it.each([
    ['Hola, quisiera saber dónde está mi pedido, por favor', 'es'],
    ['你好，我想知道我的订单什么时候能到', 'zh'],
    ['Hello, I would like to know when my order will arrive', 'en'],
    ['Bonjour, je voudrais savoir quand ma commande arrivera', 'fr'],
    ['Olá, gostaria de saber quando o meu pedido vai chegar', 'pt'],
    ['Здравствуйте, я хотел бы узнать, когда придёт мой заказ', 'ru'],
    ['مرحبا، أود أن أعرف متى سيصل طلبي من فضلك', 'ar'],
    ['こんにちは、注文した商品はいつ届きますか', 'ja'],
    ['안녕하세요, 주문한 상품이 언제 도착하나요', 'ko'],
    ['สวัสดีครับ อยากทราบว่าสินค้าจะมาถึงเมื่อไหร่', 'th'],
    ['Xin chào, tôi muốn biết khi nào đơn hàng của tôi sẽ đến', 'vi'],
    ['Merhaba, siparişim ne zaman gelecek öğrenmek istiyorum', 'tr'],
    ['Hallo, ich möchte wissen, wann meine Bestellung ankommt', 'de'],
    ['Ciao, vorrei sapere quando arriverà il mio ordine', 'it'],
    ['नमस्ते, मैं जानना चाहता हूँ कि मेरा ऑर्डर कब आएगा', 'hi'],
    ['Hola quisiera saber donde esta mi pedido', 'es'],
  ])('%s → %s', async (text, language) => {
    expect((await detectLanguage(text)).language).toBe(language);
  });

  it('answers undetermined below the letter threshold, links and numbers not counted', async () => {
    expect(MIN_DETECT_LETTERS).toBe(10);
    expect(await detectLanguage('ok thanks')).toEqual({
      language: undefined,
      detected: 'und',
      confidence: 0,
      reliable: false,
    });
    expect(await detectLanguage('👍👍')).toMatchObject({ language: undefined });
    expect(await detectLanguage('https://shop.example/order/12345 ORD-99 谢谢')).toMatchObject({ language: undefined });
  });

  it('needs fewer Chinese, Japanese, Korean or Thai characters than Latin letters', async () => {
    expect((await detectLanguage('谢谢帮助')).language).toBe('zh');
    expect((await detectLanguage('ありがとう')).language).toBe('ja');
    expect((await detectLanguage('감사합니다')).language).toBe('ko');
    expect((await detectLanguage('你好')).language).toBeUndefined();
  });

  it('says how sure it is', async () => {
    const spanish = await detectLanguage('Hola, quisiera saber dónde está mi pedido, por favor');
    expect(spanish.reliable).toBe(true);
    expect(spanish.confidence).toBeGreaterThan(0);
    expect(spanish.confidence).toBeLessThanOrEqual(1);
  });

  it('names a language the product does not translate only by its code', async () => {
    const dutch = await detectLanguage('Goedemorgen, ik wil graag weten wanneer mijn bestelling aankomt');
    expect(dutch.language).toBeUndefined();
    expect(dutch.detected).toBe('nl');
  });
});
