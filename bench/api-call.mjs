// One call of the product's /api, as the benchmarks make it.

/**
 * Sends `request` ({method, path, query, body}) with the access token, if any. The reply must be
 * HTTP 200 with envelope code 0; returns the envelope's data. Otherwise throws an error that
 * carries the HTTP status.
 */
export async function sendCall(baseUrl, request, token) {
  const url = new URL(request.path, baseUrl);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, String(value));
  const headers = { ...(token ? { token } : {}), ...(request.body ? { 'content-type': 'application/json' } : {}) };
  const response = await fetch(url, {
    method: request.method,
    headers,
    body: request.body ? JSON.stringify(request.body) : undefined,
  });
  const text = await response.text();
  let envelope;
  try {
    envelope = JSON.parse(text);
  } catch {
    envelope = undefined;
  }
  if (response.status !== 200 || envelope?.code !== 0) {
    const error = new Error(`${request.method} ${request.path} answered ${response.status}: ${text.slice(0, 300)}`);
    error.status = response.status;
    throw error;
  }
  return envelope.data;
}

/** POST of a JSON body. */
export const callApi = (baseUrl, pathName, body, token) =>
  sendCall(baseUrl, { method: 'POST', path: pathName, body }, token);
