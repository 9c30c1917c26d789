/**
 * A request whose body's upload progress is reported: `fetch` cannot tell how much of a body has
 * gone, XMLHttpRequest can. Answers a `Response` like fetch does, so the request wrapper reads
 * and reports it the same way; rejects as fetch does when the server cannot be reached or the
 * signal aborts.
 */
export function fetchWithUploadProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body: BodyInit | undefined; signal: AbortSignal | null },
  onProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      onProgress(1);
      const headers = new Headers({ 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' });
      // Response takes statuses 200..599 only; anything else is no answer.
      if (xhr.status < 200 || xhr.status > 599) reject(new TypeError('no answer'));
      else resolve(new Response(xhr.responseText, { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body as XMLHttpRequestBodyInit | null | undefined);
  });
}
