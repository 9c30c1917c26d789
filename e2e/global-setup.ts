import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { ADMIN_PASSWORD, BUILT_FILES, createDataDir, discard, type ProductProcess, startProduct } from './product.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the product under test answers, e.g. http://127.0.0.1:40123. */
    baseUrl: string;
    /** The platform admin's password (user name `admin`). */
    adminPassword: string;
    /** The product's Cloud API sandbox, e.g. http://127.0.0.1:40124. */
    sandboxUrl: string;
  }
}

/** One built product for the whole run, on a throw-away data dir. Build first: `node scripts/build.mjs`. */
export default async function setup(project: TestProject) {
  const missing = BUILT_FILES.filter((file) => !existsSync(file));
  if (missing.length)
    throw new Error(`Build the product first (node scripts/build.mjs); missing: ${missing.join(', ')}`);
  const dataDir = await createDataDir();
  let product: ProductProcess;
  try {
    product = await startProduct(dataDir);
  } catch (error) {
    await discard(dataDir);
    throw error;
  }
  project.provide('baseUrl', product.url);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('sandboxUrl', product.sandboxUrl);
  return () => discard(dataDir, product);
}
