import { libraryBuild } from '@city/tsup-config';
import { defineConfig } from 'tsup';

export default defineConfig(libraryBuild());
