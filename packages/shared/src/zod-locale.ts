import { z } from 'zod';
import { ptBR } from 'zod/v4/locales';

// Validation messages the contract does not spell out are still shown in Portuguese.
z.config(ptBR());

// In the browser, under the Content-Security-Policy (no 'unsafe-eval'), zod's probe for `new Function` is refused
// and reported as a CSP violation although zod catches it. The probe runs when an object schema is built, so this
// must run before the contract's schemas are: here, the first module of the contract.
if ('document' in globalThis) z.config({ jitless: true });
