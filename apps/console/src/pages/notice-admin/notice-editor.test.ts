import { describe, expect, it } from 'vitest';
import { toNoticeHtml } from './notice-editor.js';

describe('toNoticeHtml', () => {
  it('makes paragraphs of blank-line separated blocks, keeping line breaks and inline tags', () => {
    expect(toNoticeHtml('Tonight <b>22:00</b>\nall numbers\n\n\nThanks')).toBe(
      '<p>Tonight <b>22:00</b><br>all numbers</p>\n<p>Thanks</p>',
    );
  });

  it('keeps a list block as written', () => {
    expect(toNoticeHtml('Changes:\n\n<ul>\n<li>one</li>\n</ul>')).toBe('<p>Changes:</p>\n<ul>\n<li>one</li>\n</ul>');
  });
});
