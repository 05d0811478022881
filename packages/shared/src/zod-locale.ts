import { z } from 'zod';
import { ptBR } from 'zod/v4/locales';

// Validation messages the contract does not spell out are still shown in Portuguese.
z.config(ptBR());
