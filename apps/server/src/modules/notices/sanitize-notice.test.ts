import { describe, expect, it } from 'vitest';
import { hasText, sanitizeNoticeBody } from './sanitize-notice.js';

describe('sanitizeNoticeBody', () => {
  it('keeps simple formatting and safe links, opening in a new tab', () => {
    expect(sanitizeNoticeBody('<p>Hello <b>all</b>, <em>see</em> <a href="https://example.com/x">this</a></p>')).toBe(
      '<p>Hello <b>all</b>, <em>see</em> <a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">this</a></p>',
    );
    expect(sanitizeNoticeBody('<ul><li>one</li><li>two</li></ul>')).toBe('<ul><li>one</li><li>two</li></ul>');
  });

  it('never lets a script, an event handler or a script URL through', () => {
    const attacks = [
      '<script>alert(1)</script><p>x</p>',
      '<img src=x onerror="alert(1)"><p>x</p>',
      '<p onclick="alert(1)" style="color:red">x</p>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href="  javascript:alert(1)">x</a>',
      '<a href="java&#x09;script:alert(1)">x</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
      '<a href="//evil.example/x">x</a>',
      '<svg><script>alert(1)</script></svg><p>x</p>',
      '<iframe src="https://evil.example"></iframe><p>x</p>',
      '<style>body{display:none}</style><p>x</p>',
      '<scr<script>ipt>alert(1)</script><p>x</p>',
      '<p><a href="https://ok.example" onmouseover="alert(1)">x</a></p>',
    ];
    for (const attack of attacks) {
      const safe = sanitizeNoticeBody(attack);
      expect(safe, attack).not.toMatch(
        /<script|<img|<svg|<iframe|<style|javascript:|data:|onerror|onclick|onmouseover|style=|href="\/\//i,
      );
      expect(safe, attack).toContain('x');
    }
  });

  it('turns plain text into paragraphs with its line breaks, escaped', () => {
    expect(sanitizeNoticeBody('First line\nsecond > line\n\nNext & last')).toBe(
      '<p>First line<br />second &gt; line</p><p>Next &amp; last</p>',
    );
  });

  it('tells a body with nothing left to show', () => {
    expect(hasText(sanitizeNoticeBody('<script>alert(1)</script>'))).toBe(false);
    expect(hasText(sanitizeNoticeBody('<p>ok</p>'))).toBe(true);
  });
});
