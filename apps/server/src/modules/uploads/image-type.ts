import type { IMAGE_TYPES } from '@ws/contract';

type ImageType = (typeof IMAGE_TYPES)[number];

const EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The image type from the file's first bytes (its signature); the name and the claimed type are not trusted. */
export function sniffImageType(head: Buffer): { type: ImageType; extension: string } | undefined {
  const starts = (bytes: number[], offset = 0) => bytes.every((byte, i) => head[offset + i] === byte);
  let type: ImageType | undefined;
  if (starts([0xff, 0xd8, 0xff])) type = 'image/jpeg';
  else if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) type = 'image/png';
  else if (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a')
    type = 'image/gif';
  else if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    type = 'image/webp';
  return type ? { type, extension: EXTENSIONS[type] } : undefined;
}
