/**
 * @discovery/proto/web: what a browser client of the discovery API needs (the console): the
 * generated messages and services of yoko.v1 and discovery.v1, the headers and the limits, with
 * nothing that needs Node (the index address, which hashes with node:crypto, is left out).
 */
export * from '../gen/yoko/v1/yoko_pb.js';
export * from '../gen/discovery/v1/discovery_pb.js';
export * from '../response-headers.js';
export * from '../limits/index.js';
