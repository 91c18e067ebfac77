import { libraryBuild } from '@city/tsup-config';
import { defineConfig } from 'tsup';

export default defineConfig(
  libraryBuild({ entry: { index: 'src/index.ts', contract: 'src/contract/index.ts', 'staff-contract': 'src/staff-contract/index.ts', routes: 'src/routes-entry.ts' } }),
);
