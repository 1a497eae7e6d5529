export * from './gen/yoko/v1/yoko_pb.js';
export * from './gen/discovery/v1/discovery_pb.js';
export * from './response-headers.js';
export * from './index-id.js';
export * from './index-routing.js';
