import { describe, expect, it } from '@jest/globals';
import { Code, ConnectError } from '@connectrpc/connect';
import { EXIT_CODE_HELP, ExitCode, toCliError } from './exit-codes.js';

const URL = 'http://127.0.0.1:7300';

describe('toCliError', () => {
  it('gives a limit of the service (resource_exhausted) its own exit code, the Connect code in --json, a line in the help', () => {
    const limit = new ConnectError('2 GetSchemaSlice calls of this tenant are running (TENANT_MAX_SLICES=2)', Code.ResourceExhausted);
    const error = toCliError(limit, URL);
    expect({ exitCode: error.exitCode, code: error.code }).toEqual({ exitCode: 12, code: 'resource_exhausted' });
    expect(error.message).toContain('TENANT_MAX_SLICES=2');
    expect(EXIT_CODE_HELP).toMatch(/^ 12 {2}a limit of the service was reached/m);
  });

  it('maps the codes it knows and leaves the rest unexpected', () => {
    expect(toCliError(new ConnectError('no', Code.NotFound), URL).exitCode).toBe(ExitCode.NotFound);
    expect(toCliError(new ConnectError('late', Code.DeadlineExceeded), URL).exitCode).toBe(ExitCode.Timeout);
    expect(toCliError(new ConnectError('odd', Code.DataLoss), URL).exitCode).toBe(ExitCode.Error);
    expect(toCliError(new Error('boom'), URL)).toMatchObject({ exitCode: ExitCode.Error, message: 'boom' });
  });
});
