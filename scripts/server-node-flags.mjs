// The Node.js options the server runs with (decision 0034). A young generation of 32 MiB a
// semi-space instead of V8's 16: the send path's short-lived work (request bodies, webhook
// payloads, result rows) then dies young instead of being promoted, and a 300 000-message campaign
// costs the server about 5 % less CPU and runs about 12 % faster, at the same peak RSS.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
