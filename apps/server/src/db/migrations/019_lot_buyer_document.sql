-- The buyer's CPF or CNPJ on the lot information (issue 13): without its mask, upper case. A CPF is 11 digits;
-- a CNPJ 14 characters, numeric or the alphanumeric kind the Receita Federal issues since July 2026 (12 letters
-- or digits, 2 check digits). The check digits are verified by the writers (shared buyer-document rules).
ALTER TABLE lot_informations ADD COLUMN cpf_cnpj_comprador text
  CHECK (cpf_cnpj_comprador ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$');
