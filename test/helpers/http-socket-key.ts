// The API key of the node listener's tests over a real socket
// (test/http/node/node-listener*.test.ts) and the request options that send it.

/** The key the APIs of the socket tests accept. */
export const KEY = 'socket-key';

/** Request options with {@link KEY} in the `apikey` header, and any `extra` headers. */
export const keyed = (extra: Record<string, string> = {}) => ({
  headers: { apikey: KEY, ...extra },
});
