// Child processes don't inherit tsx's loader when the parent runs under another runner: register it, then load
// the TypeScript renderer.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-render-child.ts');
