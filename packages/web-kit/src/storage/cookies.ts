/**
 * The two tokens are also kept in cookies, as the specification asks. The server reads the token
 * from the `token` header only, so these cookies authorise nothing by themselves (no CSRF surface);
 * SameSite=Strict keeps them from travelling with requests from other sites all the same.
 */
export function setCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Strict'];
  if (maxAgeSeconds !== undefined) parts.push(`max-age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
  if (typeof location !== 'undefined' && location.protocol === 'https:') parts.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the specification keeps the tokens in plain cookies; the Cookie Store API is not in every browser the console supports.
  document.cookie = parts.join('; ');
}

export function getCookie(name: string): string | undefined {
  const wanted = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(wanted)) return decodeURIComponent(part.slice(wanted.length));
  }
  return undefined;
}

export function removeCookie(name: string): void {
  // An expiry in the past as well as max-age 0, which not every cookie jar honours.
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
