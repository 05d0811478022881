// Worker threads don't inherit tsx's loader when the parent runs under another runner: register it, then load
// the TypeScript import preparation.
import { register } from 'tsx/esm/api';

register();
await import('./prepare-import-thread.ts');
