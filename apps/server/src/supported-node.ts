/**
 * The oldest Node.js major the server runs on: the one `npm install` brings (the `node` package of the root
 * package.json, which npm scripts put first on their PATH). A server started by hand on an older Node stops here
 * with a message saying what to do, before any of its modules can fail in a less readable way.
 */
export const SUPPORTED_NODE_MAJOR = 24;

/** The pt-BR refusal for `version` (e.g. 'v20.20.2'), or null when that Node is supported. */
export function unsupportedNodeMessage(version: string): string | null {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1] ?? 0);
  if (major >= SUPPORTED_NODE_MAJOR) return null;
  return (
    `O Mirante precisa do Node.js ${SUPPORTED_NODE_MAJOR} ou mais novo, e este é o ${version}. ` +
    `Use \`npm start\` (ou \`npm run worker\`): os scripts do npm rodam no Node.js ${SUPPORTED_NODE_MAJOR} que ` +
    '`npm install` instala no projeto. Ou instale o Node.js ' +
    `${SUPPORTED_NODE_MAJOR} LTS em https://nodejs.org.`
  );
}

const refusal = unsupportedNodeMessage(process.version);
if (refusal) {
  console.error(`[mirante] ${refusal}`);
  process.exit(1);
}
