import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file part, as a browser would send it. */
export function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----ws${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
