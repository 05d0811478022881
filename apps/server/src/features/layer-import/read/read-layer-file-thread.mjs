// Worker threads don't inherit tsx's loader when the parent runs under another runner: register it, then load
// the TypeScript reader.
import { register } from 'tsx/esm/api';

register();
await import('./read-layer-file-thread.ts');
