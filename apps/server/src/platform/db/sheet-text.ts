/** SQL of a text column that a spreadsheet must not run as a formula (= + - @, tab, CR): it gets an apostrophe. */
export const sheetTextSql = (expression: string): string =>
  `case when left(${expression}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${expression} else ${expression} end`;
