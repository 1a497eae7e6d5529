export * from './gen/yoko/v1/yoko_pb.js';
