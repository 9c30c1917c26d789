// `node video-frame.mjs <video> <jpeg>`: writes the first frame of an MP4/3GPP video as a full-size
// JPEG, and prints the degrees (0, 90, 180 or 270) to turn it clockwise for display. Started by
// `modules/uploads/video-frame.ts` in a child process with a time limit, so that FFmpeg (node-av's
// prebuilt libraries) reading an uploaded file can be killed, and its crash or hang is never the
// server's (decision 0033). Plain JavaScript: the same file runs from the sources (tests) and from
// the build. Only node-av's synchronous calls: its asynchronous ones need Node.js 22.
// Exit codes: 0 written; 2 no frame (not a video FFmpeg can read); 3 node-av is not installed for
// this platform (or does not load on it).
import { writeFileSync, writeSync } from 'node:fs';

/** Video packets read before giving up on a first frame (20 s at 30 frames a second): no poster then. */
const MAX_PACKETS = 600;
/** The largest frame decoded, as sharp's limit for thumbnails: a file claiming more is not posted. */
const MAX_PIXELS = 50_000_000;

let api;
let constants;
try {
  api = await import('node-av/api');
  constants = await import('node-av/constants');
} catch {
  process.exit(3);
}
const { Decoder, Demuxer, Scaler } = api;

/**
 * How far a phone's video turns for display, read as FFmpeg's own tools read the stream's display
 * matrix (16.16 fixed point), to the nearest quarter turn: decoded frames come unturned.
 */
function clockwiseDegrees(stream) {
  const matrix = stream.codecpar.getCodedSideData(constants.AV_PKT_DATA_DISPLAYMATRIX);
  if (!matrix || matrix.length < 36) return 0;
  const at = (index) => matrix.readInt32LE(index * 4) / 65536;
  const scaleX = Math.hypot(at(0), at(3));
  const scaleY = Math.hypot(at(1), at(4));
  if (!scaleX || !scaleY) return 0;
  const degrees = (Math.atan2(at(1) / scaleY, at(0) / scaleX) * 180) / Math.PI;
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

const [input, output] = process.argv.slice(2);
if (!input || !output) process.exit(64);

try {
  // The content check let in only MP4 and 3GPP, which FFmpeg's mov demuxer reads; forcing it keeps
  // every other demuxer (and any protocol but the file) out of reach of an uploaded file.
  const demuxer = Demuxer.openSync(input, { format: 'mov' });
  const stream = demuxer.video();
  if (!stream || stream.codecpar.width * stream.codecpar.height > MAX_PIXELS) process.exit(2);
  const decoder = Decoder.createSync(stream, { threads: 1 });
  let packets = 0;
  function* firstPackets() {
    for (const packet of demuxer.packetsSync(stream.index)) {
      if (++packets > MAX_PACKETS) return;
      yield packet;
    }
  }
  for (const frame of decoder.framesSync(firstPackets())) {
    if (!frame) continue;
    if (frame.width * frame.height > MAX_PIXELS) process.exit(2);
    writeFileSync(output, new Scaler().toJpegSync(frame, { quality: 90 }));
    writeSync(1, String(clockwiseDegrees(stream)));
    process.exit(0);
  }
  process.exit(2);
} catch {
  process.exit(2);
}
