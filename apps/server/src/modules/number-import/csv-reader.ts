/**
 * RFC 4180 CSV: fields separated by commas (or semicolons, or tabs, as the header row shows: Excel
 * writes semicolons where the comma is the decimal mark), quoted fields with "" for a quote and
 * line breaks inside, CRLF or LF line ends.
 */
export function parseCsv(text: string): string[][] {
  const separator = separatorOf(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (char === '\r' && text[index + 1] === '\n') index += 1;
    } else {
      field += char;
    }
    index += 1;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The separator the header row uses most, comma when it has none. */
function separatorOf(text: string): string {
  const lineEnd = text.search(/[\r\n]/);
  const header = lineEnd < 0 ? text : text.slice(0, lineEnd);
  const count = (separator: string) => header.split(separator).length - 1;
  return [',', ';', '\t'].reduce((best, candidate) => (count(candidate) > count(best) ? candidate : best));
}
