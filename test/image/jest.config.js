/**
 * `npm run test:image`: builds the real Dockerfile with podman and runs the image's file system
 * under chroot (test/image/README in docs/deployment.md). Needs root, podman, debootstrap and the
 * network; takes minutes. Never part of `npm test` (its files end in `.image.ts`).
 */
import root from '../../jest.config.js';

export default {
  ...root,
  rootDir: '../..',
  testMatch: ['<rootDir>/test/image/**/*.image.ts'],
  testTimeout: 600_000,
  maxWorkers: 1,
};
