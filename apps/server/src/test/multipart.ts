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

/** A form part holding a file. */
export interface FilePart {
  fileName: string;
  content: Buffer;
  /** The form field; `file` unless told. */
  field?: string;
}

/** A form with text fields first, then the files, as the console sends it. */
export function multipartForm(fields: Record<string, string>, ...files: (FilePart | undefined)[]) {
  const boundary = `----ws${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const fileParts = files.flatMap((file) =>
    file
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.fileName}"\r\n` +
              'Content-Type: application/octet-stream\r\n\r\n',
          ),
          file.content,
          Buffer.from('\r\n'),
        ]
      : [],
  );
  return {
    payload: Buffer.concat([Buffer.from(parts.join('')), ...fileParts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
