import { templateProblem } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { draftOf } from './template-draft.js';
import { fillVariables } from './template-preview.js';

describe('the create form', () => {
  it("builds Meta's components from the form, with samples only where a variable needs one", () => {
    const draft = draftOf({
      numberId: '7',
      name: ' spring_offer ',
      language: 'en_US',
      category: 'MARKETING',
      headerFormat: 'TEXT',
      headerText: 'Hi {{1}}',
      headerExample: 'Ann',
      body: 'Your {{1}} ends {{2}}',
      bodyExamples: ['offer', 'Friday', 'left over'],
      footer: '  ',
      buttons: [
        { type: 'URL', text: 'Shop', url: 'https://shop.example/', urlExample: 'unused' },
        { type: 'PHONE_NUMBER', text: 'Call', phone: '+14155550100', url: 'ignored' },
      ],
    });
    expect(draft).toEqual({
      numberId: '7',
      name: 'spring_offer',
      language: 'en_US',
      category: 'MARKETING',
      allowCategoryChange: false,
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Hi {{1}}', example: { header_text: ['Ann'] } },
        { type: 'BODY', text: 'Your {{1}} ends {{2}}', example: { body_text: [['offer', 'Friday']] } },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'URL', text: 'Shop', url: 'https://shop.example/' },
            { type: 'PHONE_NUMBER', text: 'Call', phone_number: '+14155550100' },
          ],
        },
      ],
    });
    expect(templateProblem(draft)).toBeUndefined();
  });

  it("shows the server's words for a broken rule while the operator types", () => {
    const draft = draftOf({ name: 'promo', language: 'en', body: 'Hello {{1}}', bodyExamples: [] });
    expect(templateProblem(draft)).toMatchObject({
      field: 'components.0.example.body_text.0.0',
      en: 'give a sample value for {{1}}',
    });
    const media = draftOf({ name: 'promo', language: 'en', headerFormat: 'IMAGE', body: 'Hi' });
    expect(templateProblem(media)?.zh).toBe('媒体页眉须提供示例媒体（媒体句柄或链接）');
  });

  it('fills the variables of the preview with the samples given, and leaves the others', () => {
    expect(fillVariables('Hi {{1}}, your {{2}} of {{3}}', ['Ann', '', 'May'])).toBe('Hi Ann, your {{2}} of May');
  });
});
