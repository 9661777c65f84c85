// airq/http/node: the node:http shell of the adapter. The core (`airq/http`) uses web-standard
// APIs only; what needs Node (IncomingMessage, sockets, node:zlib) lives here.
export { respondToClientError } from './node-client-error.js';
export { createNodeDeflateRaw, createNodeGzip, type NodeGzipOptions } from './node-gzip.js';
export { createNodeListener, type NodeListener } from './node-listener.js';
