export { startBridgeHttp, type StartedBridge } from './http-app.js';
