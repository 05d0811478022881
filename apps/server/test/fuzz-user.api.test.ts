import { fuzzSuite } from './fuzz/fuzz-run';

// The USER's fuzz and the ADMIN's (fuzz-admin) are two files so that Vitest runs them on its two workers at once:
// each is minutes on a loaded 2-core machine.
fuzzSuite('USER', 'usuario@horizonte.com.br');
