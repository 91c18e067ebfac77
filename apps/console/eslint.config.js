import { apart, importBoundaries, subfolders } from '@city/eslint-config/boundaries';
import react from '@city/eslint-config/react';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('.', import.meta.url));
// The shared lower layer: the store (session and server data), app-wide components, helpers,
// settings and texts. It knows no feature and no app file.
const shared = ['./src/store', './src/components', './src/lib', './src/config', './src/messages.ts'];

export default [
  ...react,
  ...importBoundaries(packageDir, [
    // Every folder in src/features is a feature of its own, a new one included.
    ...apart(
      subfolders(packageDir, 'src/features'),
      (room) => room,
      'A feature does not import another feature: move what both need down into src/store, src/components or src/lib.',
    ),
    { target: './src/features', from: ['./src/app', './src/main.tsx'], message: 'A feature imports no app file: src/app puts features together.' },
    {
      target: shared,
      from: ['./src/features', './src/app', './src/main.tsx'],
      message: 'The shared layer (store, components, lib, config) imports no feature or app file.',
    },
  ]),
];
