/** Writes the generated seed files to api/seed-assets/ (`npm run seed:assets -w @scholars/api`). */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SEED_ASSETS_DIR } from '../config';
import { seedAssets } from './seed-assets';

const assets = seedAssets();
for (const asset of assets) {
  const target = path.join(SEED_ASSETS_DIR, asset.path);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, asset.content);
}
console.log(`wrote ${assets.length} files to ${SEED_ASSETS_DIR}`);
