/** A LIKE/ILIKE pattern that finds `text` anywhere, literally: its own % _ and \ are escaped. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
