import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-reader.js';

describe('parseCsv', () => {
  it('reads quoted fields with separators, quotes and line breaks inside, CRLF or LF', () => {
    expect(parseCsv('a,b,c\r\n"x, y","say ""hi""","two\nlines"\n1,,3')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
      ['1', '', '3'],
    ]);
  });

  it('takes the separator the header uses: semicolons or tabs', () => {
    expect(parseCsv('a;b\n1,5;2\n')).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
    expect(parseCsv('a\tb\n1\t2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps empty lines as rows of one empty field, and reads a last line without a line end', () => {
    expect(parseCsv('a\n\nb')).toEqual([['a'], [''], ['b']]);
    expect(parseCsv('')).toEqual([]);
  });
});
