export { startBridgeHttp, type StartedBridge } from './http-app.js';
export { parseBridgeArgs, USAGE, UsageError, type BridgeArgs } from './cli-args.js';
