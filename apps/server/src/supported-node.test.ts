import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE_MAJOR, unsupportedNodeMessage } from './supported-node';

describe('unsupportedNodeMessage', () => {
  it('refuses a Node older than the supported major with a pt-BR message naming both versions', () => {
    const message = unsupportedNodeMessage('v20.20.2');
    expect(message).toContain(`Node.js ${SUPPORTED_NODE_MAJOR} ou mais novo`);
    expect(message).toContain('v20.20.2');
    expect(message).toContain('npm start');
  });

  it('accepts the supported major and newer ones', () => {
    expect(unsupportedNodeMessage(`v${SUPPORTED_NODE_MAJOR}.0.0`)).toBeNull();
    expect(unsupportedNodeMessage('v26.10.0')).toBeNull();
  });
});
