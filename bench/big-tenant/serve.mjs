// Starts the built product on the generated big tenant and keeps it up until Ctrl-C (or SIGTERM),
// printing its URL, the operator's credentials and a psql command for EXPLAIN by hand.
//
//   node bench/big-tenant/serve.mjs [--no-build]
import { OPERATOR, startBigProduct } from './big-product.mjs';

const product = await startBigProduct({ skipBuild: process.argv.includes('--no-build') });
console.log(`console: ${product.url} (sign in as ${OPERATOR.username} / ${OPERATOR.password})`);
console.log(`psql '${product.databaseUrl}'`);
const stop = async () => {
  const exit = await product.stop();
  console.log(`stopped: ${JSON.stringify(exit)}`);
  process.exit(exit.code === 0 ? 0 : 1);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
